import type { Question } from '../read-question.js';
import { lemmaWords } from '../verb-lemmas.js';
import { CLAUSE_BREAK } from './parallel-clauses.js';

/**
 * Of the dates found in a sentence, the one the question asks of, else the first: the one in
 * the clause that shares the most words with the question ("the key rotates on Thursday, I'll
 * update the secrets by Wednesday": "when will he update the secrets?" asks of Wednesday).
 */
export function askedDate(
  text: string,
  found: readonly RegExpExecArray[],
  question?: Question,
): RegExpExecArray | undefined {
  if (found.length < 2 || question === undefined) return found[0];
  return inAskedClause(text, found, question)[0];
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
