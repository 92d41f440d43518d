import { stemmer } from 'stemmer';
import { LIMITS } from '../../schemas/limits.js';
import { meaningfulWords } from '../text/content-words.js';

/**
 * The query as search and chat use it: as written when it has at most `LIMITS.queryTerms` words
 * (any question), otherwise its `LIMITS.queryTerms` rarest distinct words, in the order given.
 * Every word of a query becomes a term of the full-text query and is ranked against each
 * candidate, and Postgres parses an OR of thousands of terms into a tree as deep (a 35 KB query
 * never returned on PGlite, and failed on Postgres after 11-16 s): a bounded query keeps the
 * work of a search the same at any length. Rarity is judged by length, as longer words are the
 * rarer ones (Zipf); stopwords are left out, and two words of one stem count once.
 */
export function boundedQuery(query: string): string {
  const words = query.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length <= LIMITS.queryTerms) return query;
  const meaningful = meaningfulWords(query);
  const byStem = new Map<string, string>();
  for (const word of meaningful.length > 0 ? meaningful : words.map((word) => word.toLowerCase())) {
    const stem = stemmer(word);
    if (!byStem.has(stem)) byStem.set(stem, word);
  }
  const distinct = [...byStem.values()];
  const rarest = new Set(
    distinct
      .map((word, order) => ({ word, order }))
      .sort((a, b) => b.word.length - a.word.length || a.order - b.order)
      .slice(0, LIMITS.queryTerms)
      .map(({ word }) => word),
  );
  return distinct.filter((word) => rarest.has(word)).join(' ');
}
