import type { Question } from '../read-question.js';
import { lemmaWords } from '../verb-lemmas.js';
import { CLAUSE_BREAK } from './parallel-clauses.js';

// A date that ends a span ("until 5 Dec", "5 Oct to 5 Dec") or starts one ("from 5 Oct").
const ENDS_SPAN = /(?:\b(?:until|till|til|to|through|thru|by)|[-–])\s+(?:the\s+)?$/i;
const STARTS_SPAN = /\b(?:from|starting|since)\s+(?:the\s+)?$/i;
// Stems of the words that ask when something ends or starts: "when does the freeze end?".
const ASKS_END = new Set(['end', 'finish', 'expir', 'stop', 'close']);
const ASKS_START = new Set(['start', 'begin', 'commenc', 'open']);

/**
 * Of the dates found in a sentence, the one the question asks of, else the first: the one in
 * the clause that shares the most words with the question ("the key rotates on Thursday, I'll
 * update the secrets by Wednesday": "when will he update the secrets?" asks of Wednesday), and
 * of a span ("from 5 Oct until 5 Dec"), its end or its start when the question asks when
 * something ends or starts.
 */
export function askedDate(
  text: string,
  found: readonly RegExpExecArray[],
  question?: Question,
): RegExpExecArray | undefined {
  if (found.length < 2 || question === undefined) return found[0];
  const inClause = inAskedClause(text, found, question);
  const ends = question.words.some((word) => ASKS_END.has(word));
  const starts = question.words.some((word) => ASKS_START.has(word));
  const edge = ends ? ENDS_SPAN : starts ? STARTS_SPAN : null;
  const atEdge = edge && inClause.find((match) => edge.test(text.slice(0, match.index)));
  return atEdge || inClause[0];
}

/** The dates in the clause or clauses that share the most words with the question, when any shares some. */
function inAskedClause(
  text: string,
  found: readonly RegExpExecArray[],
  question: Question,
): readonly RegExpExecArray[] {
  const asked = new Set(question.words);
  const breaks = [...text.matchAll(new RegExp(CLAUSE_BREAK.source, 'gi'))].map((match) => match.index);
  const clauseOf = (at: number) => {
    const start = Math.max(0, ...breaks.filter((index) => index < at));
    const end = Math.min(text.length, ...breaks.filter((index) => index > at));
    return text.slice(start, end);
  };
  const shared = found.map(
    (match) => new Set(lemmaWords(clauseOf(match.index)).filter((word) => asked.has(word))).size,
  );
  const most = Math.max(...shared);
  return most === 0 ? found : found.filter((_, at) => shared[at] === most);
}
