import { stemmer } from 'stemmer';

const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between
both but by can could did do does doing down during each few for from further had has have having he her here
hers herself him himself his how i if in into is it its itself just let me more most my myself no nor not now of
off on once only or other our ours ourselves out over own same she should so some such than that the their theirs
them themselves then there these they this those through to too under until up very was we were what when where
which while who whom why will with would you your yours yourself yourselves also really just like yeah oh gonna
got get lot much many thing things one ever even still though`.split(/\s+/),
);

/** The words of a text that carry meaning, as written but lower-cased: stopwords and single letters out. */
export function meaningfulWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((word) => word.length > 1 && !STOPWORDS.has(word));
}

/** The words of a text that carry meaning: lower-cased, stopwords out, Porter-stemmed ("moved" = "move"). */
export function contentWords(text: string): string[] {
  return meaningfulWords(text).map((word) => stemmer(word));
}
