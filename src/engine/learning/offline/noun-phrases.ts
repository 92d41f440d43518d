import { nlp } from './nlp.js';
import { lemmaWords } from './verb-lemmas.js';
import { withoutSaidTime } from './without-said-time.js';

// Words that point at a thing without naming it: "it", "them", "something".
const PRONOUN =
  /^(?:it|them|this|that|these|those|me|you|him|her|us|one|some|something|everything|anything)$/i;
// What opens a noun phrase without adding to it: "this cool rainbow sidewalk" names a "cool rainbow sidewalk".
const DETERMINER = /^(?:this|that|these|those|our|my|your|his|her|their|its|some|a|an|the)\s+/i;
const TRAILING_PUNCTUATION = /[\s.,;:!?"')\]—–-]+$/;
// Nouns that name no thing of their own: "a bit", "last week", "this pic".
const GENERIC = new Set(
  'image photo pic picture time times day days week weeks month months year years bit lot thing things way ways everyone someone something everything stuff moment moments'.split(
    ' ',
  ),
);
// "John and others're": the verb a name was contracted with is no part of it.
const CONTRACTION = /'(?:re|ve|ll|d|m)\b/gi;

/**
 * The first noun phrase of a sentence that names something the question did not ("What did she
 * find on her walk?" of "I came across this cool rainbow sidewalk": "cool rainbow sidewalk"), or
 * null when every one of them repeats the question's words (`asked`, as lemmas) or ends with one
 * of `endsNot` (by default the asked words: "great news" only describes the news "what exciting
 * news did she share?" asks of; a list of events may end with "event", but not with a name).
 * The time said relative to its day is no part of a phrase ("poetry reading last Fri").
 */
export function newNounPhrase(
  sentence: string,
  asked: ReadonlySet<string>,
  endsNot: ReadonlySet<string> = asked,
): string | null {
  const phrases = nlp(sentence).nouns().json() as { text: string; terms: { tags: string[] }[] }[];
  for (const { text, terms } of phrases) {
    // "We've", "I": no thing of their own; "Mel!", a name said to the listener, neither.
    const tags = terms.map((term) => new Set(term.tags));
    if (tags.every((tag) => tag.has('Pronoun')) || (tags.length === 1 && tags[0]?.has('FirstName'))) continue;
    // A date is no thing: "last year", "2022".
    if (tags.every((tag) => tag.has('Date') || tag.has('Value') || tag.has('Determiner'))) continue;
    const named = withoutSaidTime(
      text.replace(CONTRACTION, '').replace(TRAILING_PUNCTUATION, '').replace(DETERMINER, '').trim(),
    );
    if (GENERIC.has(named.split(/\s+/).at(-1)?.toLowerCase() ?? '')) continue;
    const words = lemmaWords(named);
    // "Great news" for "what exciting news did she share?": the thing the question names, not a new one.
    const head = words.at(-1);
    if (head !== undefined && !endsNot.has(head) && !words.every((word) => asked.has(word)))
      return withNumberAfterAbbreviation(named, sentence);
  }
  return null;
}

/**
 * "Hauptstr. 12": the parse ends a phrase at an abbreviation's full stop, but a number right after
 * it is still part of what it names (a street's house number, "Apt. 3"). The phrase as given else.
 */
function withNumberAfterAbbreviation(named: string, sentence: string): string {
  const at = sentence.indexOf(`${named}. `);
  if (at < 0) return named;
  const number = /^\d+[a-z]?\b/i.exec(sentence.slice(at + named.length + 2))?.[0];
  return number === undefined ? named : `${named}. ${number}`;
}

/**
 * A verb's object up to the end of its first noun phrase: "vegan ice cream and shared it with
 * some" is "vegan ice cream". A pronoun is no object of its own ("made it with coconut milk"
 * reads on to "coconut milk"). The phrase as given when it holds no noun.
 */
export function throughFirstNoun(phrase: string): string {
  for (const noun of nlp(phrase).nouns().out('array') as string[]) {
    const named = noun.replace(TRAILING_PUNCTUATION, '').trim();
    if (PRONOUN.test(named) || lemmaWords(named).length === 0) continue;
    const at = phrase.indexOf(named);
    return at < 0 ? phrase : phrase.slice(0, at + named.length);
  }
  return phrase;
}
