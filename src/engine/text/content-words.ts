import { stemmer } from 'stemmer';
import { CHAT_FILLERS, FUNCTION_WORDS } from './stopwords.js';

// Beside the function words, what chat says of nothing in particular ("I'm gonna get one thing").
const STOPWORDS = new Set([
  ...FUNCTION_WORDS,
  ...CHAT_FILLERS,
  ...'will let now like gonna got get lot much many thing things one ever even still though'.split(' '),
]);

/** The words of a text that carry meaning, as written but lower-cased: stopwords and single letters out. */
export function meaningfulWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => word.length > 1 && !STOPWORDS.has(word));
}

/** The words of a text that carry meaning: lower-cased, stopwords out, Porter-stemmed ("moved" = "move"). */
export function contentWords(text: string): string[] {
  return meaningfulWords(text).map((word) => stemmer(word));
}
