import type { Slot } from '../../../text/slot-vocabulary.js';
import type { Evidence } from './evidence.js';

// How people speak of someone's work and home in passing: "retiring from the pharmacy", "starts
// at the port authority", "lives in Leeds", "they're moving to Porto".
const SPEAKS_OF: Partial<Record<string, RegExp>> = {
  job: /\b(?:work|works|working|worked|job|jobs|retir\w*|employ\w*|hired|promot\w*|start(?:s|ed|ing)? (?:at|with|as)|shifts?|office|boss|colleagues?|career|profession)\b/i,
  lives_in:
    /\b(?:live|lives|living|lived|mov(?:e|es|ed|ing)|home|house|flat|apartment|based|settled|relocat\w*)\b/i,
};

/**
 * "Where does Zara work?" of "I'm renting a flat with my friend Zara": the evidence about someone
 * other than the peer that answers where they work or live speaks of their work or home; a sentence
 * that only names them does not, and no answer is better than the city of the flat.
 */
export function speaksOfOthersSlot(slot: Slot | null, ranked: readonly Evidence[]): Evidence[] {
  const words = slot === null ? undefined : SPEAKS_OF[slot.replace(/@.*$/, '')];
  if (words === undefined) return [...ranked];
  return ranked.filter((evidence) => words.test(evidence.text));
}
