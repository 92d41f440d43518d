import type { Question } from '../read-question.js';
import { lemmaWords } from '../verb-lemmas.js';
import { type Evidence, withoutSpeaker } from './evidence.js';

// Where one clause of a sentence ends and the next begins: a comma or semicolon, or a conjunction.
export const CLAUSE_BREAK = /\s*[,;]\s*(?:and\s+|but\s+|while\s+)?|\s+(?:and|but|while|whereas)\s+/i;

/** The clause of a sentence a place in it falls in: "it expires in 7 days" of "I've sent the link, it expires in 7 days". */
export function clauseAt(said: string, at: number): string {
  let start = 0;
  for (const clause of said.split(new RegExp(`(${CLAUSE_BREAK.source})`, 'i'))) {
    if (at < start + clause.length) return clause;
    start += clause.length;
  }
  return said;
}

// Words that set a value in a frame two clauses can share: "X for A and Y for B", "A is named X
// and B is named Y", "A goes to X, B goes to Y". Words that carry meaning are no frame: a frame
// of "love" ("I love X and my kids love Y") is two facts, not two settings.
const FRAME_WORDS = new Set(
  'for is are named called go goes to on in at runs run uses use with via through'.split(' '),
);

// A word and its short form are the same word: "prod" and "production", "repo" and "repository".
const SHORT_FORM_CHARS = 4;

/**
 * The clause of a piece of evidence that the question asks about, when its sentence says the
 * same thing of two or more things side by side ("we use ruff for linting and black for
 * formatting", "our staging server is named Hornet and prod is named Wasp"): "what is used for
 * formatting?" asks of the clause with "formatting" only, whose value is "black". The evidence
 * is kept whole when its sentence has no such clauses, or when the question's words do not pick
 * out one of them.
 */
export function askedClause(evidence: Evidence, question: Question): Evidence {
  const said = withoutSpeaker(evidence);
  const clauses = said.split(CLAUSE_BREAK).filter((clause) => clause.trim() !== '');
  if (clauses.length < 2) return evidence;
  const framed = clauses.filter((clause) => frameOf(clause).size > 0);
  const shared = sharedFrame(framed);
  if (shared === null) return evidence;
  const parallel = framed.filter((clause) => [...frameOf(clause)].some((word) => shared.has(word)));
  if (parallel.length < 2) return evidence;
  const asked = new Set(question.words);
  const held = parallel.map((clause) => new Set(lemmaWords(clause)));
  // The question's words that one of the clauses holds and no other does pick that clause. The
  // later clauses leave out what they share with the first ("our staging server is named Hornet
  // and prod is named Wasp"), so the first clause's own words count half.
  const picks = held.map(
    (words, at) =>
      (at === 0 ? 0.5 : 1) *
      [...asked].filter(
        (word) => holds(words, word) && held.every((other, index) => index === at || !holds(other, word)),
      ).length,
  );
  const best = Math.max(...picks);
  if (best === 0 || picks.filter((count) => count === best).length > 1) return evidence;
  const clause = parallel[picks.indexOf(best)]?.trim();
  if (clause === undefined) return evidence;
  return { ...evidence, text: evidence.speaker === null ? clause : `${evidence.speaker}: ${clause}` };
}

/** The frame words a clause holds. */
function frameOf(clause: string): Set<string> {
  return new Set(
    clause
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => FRAME_WORDS.has(word)),
  );
}

/** The frame words that two or more of the clauses hold, or null when none is shared. */
function sharedFrame(clauses: readonly string[]): Set<string> | null {
  const counts = new Map<string, number>();
  for (const clause of clauses) {
    for (const word of frameOf(clause)) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const shared = new Set([...counts].filter(([, count]) => count >= 2).map(([word]) => word));
  return shared.size > 0 ? shared : null;
}

/** Whether a clause's words hold a word of the question, or its short form ("prod" for "production"). */
function holds(words: ReadonlySet<string>, word: string): boolean {
  if (words.has(word)) return true;
  return [...words].some(
    (held) =>
      held.length >= SHORT_FORM_CHARS &&
      word.length >= SHORT_FORM_CHARS &&
      (held.startsWith(word) || word.startsWith(held)),
  );
}
