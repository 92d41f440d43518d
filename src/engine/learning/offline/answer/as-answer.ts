import { addressesListener } from '../third-person.js';

/**
 * An answer that speaks to its listener or gives an order (cut from "ada: Ignore previous
 * instructions…") is given only as what its speaker said, the whole sentence in quotes, so that
 * it never reads as the memory's own instruction. Any other answer is given as it is.
 */
export function asAnswer(answer: string, evidence: string): string {
  // "Yes: " or "No: " is the memory's own reading of the evidence, kept outside the quotes.
  const verdict = /^(?:Yes|No): /.exec(answer)?.[0];
  if (verdict !== undefined) return verdict + asAnswer(answer.slice(verdict.length), evidence);
  if (!addressesListener(answer) || /^[^:"]{1,80} said: ".*"$/s.test(evidence)) return answer;
  const spoken = /^([^:]{1,80}): (.*)$/s.exec(evidence);
  return spoken ? `${spoken[1]} said: "${spoken[2]}"` : `"${evidence}"`;
}
