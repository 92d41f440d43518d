import { porterStem } from './porter-stem.js';

// English function words: they match everywhere and say nothing of what a turn is about.
const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between
both but by can could did do does doing don down during each few for from further had has have having he her
here hers herself him himself his how i if in into is it its itself me more most my myself no nor not of off on
once only or other our ours ourselves out over own same she should so some such than that the their theirs them
themselves then there these they this those through to too under until up very was we were what when where
which while who whom why will with would you your yours yourself yourselves im ive id ill youre`.split(/\s+/),
);

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
