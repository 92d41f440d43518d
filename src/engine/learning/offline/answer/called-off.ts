import { CALLED_OFF } from '../../../text/plan-words.js';
import type { Question } from '../read-question.js';
import { lemmaWords } from '../verb-lemmas.js';
import { type Evidence, withoutSpeaker } from './evidence.js';

/**
 * "Is Maria still going to Japan in October?" after "we cancelled the Japan trip": no. A yes or
 * no question about a plan is answered no, with the words that call it off, when evidence said
 * after the best-fitting evidence shares a noun of the question with it and calls the plan off
 * ({@link CALLED_OFF}). Undefined otherwise, and the best evidence answers as it reads.
 */
export function calledOffAnswer(question: Question, ranked: readonly Evidence[]): string | undefined {
  const best = ranked[0];
  if (question.kind !== 'yes/no' || best === undefined || best.occurredAt === null) return undefined;
  const said = Date.parse(best.occurredAt);
  const asked = new Set(question.anchors);
  const bestNouns = new Set(lemmaWords(best.text).filter((word) => asked.has(word)));
  for (const evidence of ranked) {
    if (evidence.occurredAt === null || Date.parse(evidence.occurredAt) <= said) continue;
    const text = withoutSpeaker(evidence);
    if (!CALLED_OFF.test(text)) continue;
    if (lemmaWords(text).some((word) => bestNouns.has(word))) return `No: ${text}`;
  }
  return undefined;
}
