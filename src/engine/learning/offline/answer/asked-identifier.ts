import type { Question } from '../read-question.js';
import { lemmaWords } from '../verb-lemmas.js';
import { type Evidence, evidenceWords } from './evidence.js';

// Secrets and credentials: no sentence gives one without naming it ("the wifi password is …").
const CREDENTIALS = 'password|passcode|passphrase|pin|key|token|secret|login|username';
// Identifiers that may be given by their value alone ("ticket 4821", "order #A-55812").
const NUMBERS = 'number|id|code|iban';

// The noun a "what is <whose> … <noun>?" question ends its asked phrase with: "What is the App
// Store Connect password?", "What is the password of the Steam account?", not "What is the code
// review rule?", where "code" only qualifies the noun asked.
const ASKED = new RegExp(
  String.raw`^(?:what|which)(?:'s| is| was| are| were) (?:[\w.'&-]+ ){0,5}?(${CREDENTIALS}|${NUMBERS})s?(?: (?:of|for|to|on)\b.*)?\??$`,
);

/**
 * The evidence that can hold the identifier or secret a question asks for, when it asks for
 * one: a credential only from evidence that names it, a number also from evidence that holds a
 * value with a digit. Evidence that merely shares the question's other words ("annual licence"
 * for "what is her licence key?") holds no such thing, and no answer is better than a wrong one.
 * Undefined when the question asks for no identifier.
 */
export function evidenceHoldingIdentifier(
  said: string,
  question: Question,
  ranked: readonly Evidence[],
): Evidence[] | undefined {
  const asked = ASKED.exec(said.toLowerCase().replaceAll('’', "'").trim())?.[1];
  if (!asked) return undefined;
  const [stem] = lemmaWords(asked);
  const byValue = new RegExp(`^(?:${NUMBERS})$`).test(asked);
  return ranked.filter(
    (evidence) =>
      (stem !== undefined && lemmaWords(evidence.text).includes(stem)) ||
      // The dates learning wrote into a fact are no value of the kind asked.
      (byValue && /\d/.test(evidenceWords(evidence, question))),
  );
}
