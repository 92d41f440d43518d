import { FUNCTION_WORDS } from '../../src/engine/text/stopwords.js';
import { porterStem } from './porter-stem.js';

// English function words, and the contractions the apostrophe's removal makes of them ("im",
// "don"): they match everywhere and say nothing of what a turn is about.
const STOPWORDS = new Set([...FUNCTION_WORDS, ...'will don im ive id ill youre'.split(' ')]);

/**
 * The terms of a text for matching: lower-cased words, possessive 's and stopwords dropped,
 * Porter-stemmed ("Melanie's paintings" gives "melani", "paint").
 */
export function englishTerms(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .replace(/['’]s\b/g, '')
      .replace(/['’]/g, '')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => !STOPWORDS.has(word)).map(porterStem);
}
