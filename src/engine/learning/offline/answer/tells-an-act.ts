import { nlp } from '../nlp.js';

/**
 * Whether a sentence tells of something done or to be done ("the crew will collect the damaged
 * one", "I have refunded the order"), not a remark on how a thing is ("pottery workshops are so
 * much fun", "that sounds great"): a verb in the past or the future.
 */
export function tellsAnAct(sentence: string): boolean {
  const verbs = nlp(sentence).verbs().json() as { verb?: { grammar?: { tense?: string } } }[];
  return verbs.some(
    ({ verb }) => verb?.grammar?.tense === 'PastTense' || verb?.grammar?.tense === 'FutureTense',
  );
}
