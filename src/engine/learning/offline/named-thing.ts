import { stemmer } from 'stemmer';
import { meaningfulWords } from '../../text/content-words.js';
import { kindredStems, narrowingKinds } from './kindred-words.js';

// Works people name by a title, usually quoted: "which book?" is answered by "Becoming Nicole".
const TITLED = new Set(
  'book novel song track album movie film show series poem play piece title podcast game'.split(' '),
);
// Nouns too general for the words before them to answer ("great news", "adoption advice"), unless
// those words are a name ("the Business plan").
const ABSTRACT = new Set(
  'news advice plan plans offer idea ideas experience thing things stuff way ways progress lesson lessons goal goals message feeling feelings emotion emotions attitude thought thoughts'.split(
    ' ',
  ),
);
const QUOTED = /["“]([^"“”]{2,60})["”]/;
// Words one more than the noun itself: "a service-focused online group" holds two.
const MAX_MODIFIERS = 3;

/**
 * The thing a "what kind of <noun>" or "which <noun>" question asks for, as the evidence names
 * it: a quoted title for a work ("Becoming Nicole"), else the noun with the words that qualify
 * it ("LGBTQ+ counseling workshop" for "what workshop?"). Null when the evidence says only the
 * noun, which answers nothing the question did not already say.
 */
export function namedThing(sentence: string, head: string): string | null {
  const noun = head.split(' ').at(-1) ?? head;
  if (TITLED.has(noun) || TITLED.has(noun.replace(/s$/, ''))) {
    const title = QUOTED.exec(sentence)?.[1];
    if (title) return title.replace(/[.,!?]$/, '');
  }
  // "Which plan?" of "moved you to the Business plan": before a general noun, only a name answers.
  const general = ABSTRACT.has(noun);
  const wanted = stemmer(noun);
  const tokens = sentence.split(/\s+/);
  for (const [at, token] of tokens.entries()) {
    if (stemmer(bare(token).toLowerCase()) !== wanted) continue;
    const words = modifiers(tokens, at);
    if (general && !words.every((word) => /^\p{Lu}/u.test(word))) continue;
    if (words.length > 0) return [...words, bare(token)].join(' ');
  }
  return null;
}

/**
 * The kind of the noun a "what kind of <noun>" question asks for that the evidence names, with
 * the words that qualify it: "spaniel puppy" for "what kind of pet?", "cello" for "which
 * instrument?" ({@link kindredStems}); for a question asking for `many` ("what pets does she
 * have?"), the words from the first kind named to the last ("pup and a kitty"). Null when it
 * names none.
 */
export function namedKind(sentence: string, head: string, many: boolean): string | null {
  const noun = head.split(' ').at(-1) ?? head;
  // A noun narrowed by one that has kinds of its own is one of those: vitest, not React, for
  // "which test framework?".
  const narrowing = narrowingKinds(head);
  const kinds = new Set(narrowing.length > 0 ? narrowing : kindredStems(stemmer(noun)).slice(1));
  const tokens = sentence.split(/\s+/);
  const isKind = (token: string) => kinds.has(stemmer(bare(token).toLowerCase()));
  const first = tokens.findIndex(isKind);
  if (first === -1) return null;
  const last = many ? tokens.findLastIndex(isKind) : first;
  return [...modifiers(tokens, first), bare(tokens.slice(first, last + 1).join(' '))].join(' ');
}

/** The words that qualify the noun at `at`, up to {@link MAX_MODIFIERS}: "service-focused online". */
function modifiers(tokens: readonly string[], at: number): string[] {
  const words: string[] = [];
  for (let before = at - 1; before >= 0 && words.length < MAX_MODIFIERS; before -= 1) {
    const word = tokens[before] ?? '';
    // A comma or a full stop ends the phrase; so does a word with no meaning of its own ("a",
    // "to"), and someone's name ("Caroline's paintings" are no kind of painting).
    if (/[,.;:!?)\]]$/.test(word) || meaningfulWords(word).length === 0 || /^\p{Lu}\p{Ll}+'s$/u.test(word))
      break;
    words.unshift(bare(word));
  }
  return words;
}

/** A word without the punctuation around it; "LGBTQ+", "service-focused" and "beginner's" stay whole. */
function bare(token: string): string {
  return token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}+]+$/gu, '');
}
