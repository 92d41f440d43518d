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
// The kind an identifier is said to be of: "order number BL-77120", "my order no. is 4411", "the
// invoice numbers are INV-3310 and INV-3311".
const LABELLED = /\b([a-z]+) (?:(?:numbers?|no\.?|ids?|codes?)(?=[\s:#]|$)|#)/gi;
// Words before an identifier that are not its kind: "her number", "the new number".
const NO_KIND = /^(?:the|a|an|my|your|his|her|its|our|their|new|old|current|\w+'s?)$/i;

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
  const kind = kindBefore(said, asked);
  return ranked.filter(
    (evidence) =>
      !ofAnotherKind(evidence.text, kind) &&
      ((stem !== undefined && lemmaWords(evidence.text).includes(stem)) ||
        // The dates learning wrote into a fact are no value of the kind asked.
        (byValue && /\d/.test(evidenceWords(evidence, question)))),
  );
}

/** The word that says which identifier a question asks for: "phone" of "what is her phone number?". */
function kindBefore(said: string, asked: string): string | null {
  const words = said.toLowerCase().replaceAll('’', "'").replace(/\?$/, '').split(/\s+/);
  const at = words.lastIndexOf(asked) >= 0 ? words.lastIndexOf(asked) : words.lastIndexOf(`${asked}s`);
  const before = words[at - 1];
  return before === undefined || NO_KIND.test(before) ? null : before;
}

/**
 * Whether evidence gives only identifiers of other kinds than the one asked: "Order number is
 * BL-77120" holds no phone number. Evidence that names the kind asked, or labels none, may hold it.
 */
function ofAnotherKind(text: string, kind: string | null): boolean {
  if (kind === null) return false;
  const [asked] = lemmaWords(kind);
  if (asked === undefined || lemmaWords(text).includes(asked)) return false;
  // "member no." is of the kind "membership number" asks for.
  const sameKind = (label: string) => label.startsWith(kind) || kind.startsWith(label);
  return [...text.matchAll(LABELLED)].some(
    ([, label = '']) => !NO_KIND.test(label) && !sameKind(label.toLowerCase()),
  );
}
