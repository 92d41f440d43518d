import { EMAIL_ADDRESS } from '../../../text/email-address.js';
import type { Question } from '../read-question.js';
import { lemmaWords } from '../verb-lemmas.js';
import { type Evidence, evidenceWords } from './evidence.js';

// Secrets and credentials: no sentence gives one without naming it ("the wifi password is …").
const CREDENTIALS = 'password|passcode|passphrase|pin|key|token|secret|dsn|login|username';
// Identifiers that may be given by their value alone ("ticket 4821", "order #A-55812").
const NUMBERS = 'number|id|code|iban';

// The noun a "what is <whose> … <noun>?" question ends its asked phrase with: "What is the App
// Store Connect password?", "What is the password of the Steam account?", not "What is the code
// review rule?", where "code" only qualifies the noun asked.
const ASKED = new RegExp(
  String.raw`^(?:what|which)(?:'s| is| was| are| were) (?:[\w.'&-]+ ){0,5}?(${CREDENTIALS}|${NUMBERS})s?(?: (?:of|for|to|on)\b.*)?\??$`,
);
const BY_VALUE = new RegExp(`^(?:${NUMBERS})$`);
// The kind an identifier is said to be of: "order number BL-77120", "my order no. is 4411", "the
// invoice numbers are INV-3310 and INV-3311".
const LABELLED = /\b([a-z]+) (?:(?:numbers?|no\.?|ids?|codes?)(?=[\s:#]|$)|#)/gi;
// Words before an identifier that are not its kind: "her number", "the new number".
const NO_KIND = /^(?:the|a|an|my|your|his|her|its|our|their|new|old|current|\w+'s?)$/i;
// A secret's value as people give it: after "is", a colon or "=" ("the wifi password is
// hunter2", "token: sk-41"), or a word that mixes letters and digits, or a quoted one.
const GIVEN_AS = /\b(?:is|was|are|were)\s+\S|[:=]\s*\S/i;
const VALUE_LIKE = /\b(?=[\w-]*\d)(?=[\w-]*[a-z])[\w-]{4,}\b|["“'‘][^"”'’\s]{3,}["”'’]/i;

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
  const asked = askedIdentifier(said);
  if (asked === undefined) return undefined;
  const [stem] = lemmaWords(asked);
  const byValue = BY_VALUE.test(asked);
  const kind = kindBefore(said, asked);
  return ranked.filter(
    (evidence) =>
      !ofAnotherKind(evidence.text, kind) &&
      ((stem !== undefined &&
        lemmaWords(evidence.text).includes(stem) &&
        (byValue || givesSecret(evidence.text, asked))) ||
        // The dates learning wrote into a fact are no value of the kind asked.
        (byValue && /\d/.test(evidenceWords(evidence, question)))),
  );
}

/**
 * Whether evidence that names a secret also gives it: "the API key rotates on Thursday" names
 * the key and holds none of it, and the sentence is no answer to "what is the API key?".
 */
function givesSecret(text: string, asked: string): boolean {
  // From the secret's name on: a speaker's name before a colon gives nothing.
  const named = text.toLowerCase().search(new RegExp(`\\b${asked}`));
  return (named !== -1 && GIVEN_AS.test(text.slice(named))) || VALUE_LIKE.test(text);
}

// A value that can be an identifier: holds a digit, three characters at least ("4821", "GX-20931",
// "#A-55812"); not a count, time or ordinal ("2 months" is cut to "2", "7am", "11th"), nor a year.
const IDENTIFIER = /#?\b(?=[\w-]*\d)\w[\w-]*\w\b/g;
const NO_IDENTIFIER = /^(?:\d+(?:am|pm|st|nd|rd|th|s|k|m|h|km|kg|mb|gb|min|mins)|(?:19|20)\d\d|\d{1,2})$/i;
// What an identifier is given after: its label or "is", a colon or "#".
const GIVEN_AFTER = /(?:\b(?:numbers?|no\.?|ids?|codes?|is|was|are)|[:#])\s*$/i;

// "What is Eve's account email?", "what's her e-mail address?": the address, nothing around it.
const ASKS_EMAIL = /^(?:what|which)\b.*\be-?mail(?: address)?\??$/i;

/**
 * The identifier a question asking for a number, id or code gets from evidence: "GX-20931" of
 * "tore a ligament in my knee, member no. is GX-20931" for "what is her membership number?" —
 * not the sentence's other words. The one given after a label or "is" first, else the first.
 * Asked for an email, the address.
 */
export function identifierSpan(said: string, text: string): string | null {
  if (ASKS_EMAIL.test(said)) return EMAIL_ADDRESS.exec(text)?.[0] ?? null;
  const asked = askedIdentifier(said);
  if (asked === undefined || !BY_VALUE.test(asked)) return null;
  const values = [...text.matchAll(IDENTIFIER)].filter(([value]) => !NO_IDENTIFIER.test(value));
  const labelled = values.find(({ index }) => GIVEN_AFTER.test(text.slice(0, index)));
  return (labelled ?? values[0])?.[0] ?? null;
}

/** The identifier or secret a question asks for ("password", "number"), else undefined. */
function askedIdentifier(said: string): string | undefined {
  return ASKED.exec(said.toLowerCase().replaceAll('’', "'").trim())?.[1] || undefined;
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
