import type { WordFrequencies } from './word-frequencies.js';

/**
 * A word held by more than this share of a workspace's texts does not order the full-text
 * ranking. Chosen on three LoCoMo conversations (1 in 33, 20 and 12: Recall@10 75.4 → 76.2, 76.8
 * and 76.2 %).
 */
const RANKING_SHARE = 0.05;
/**
 * In a small workspace each message is a large share: a word held by this many texts or fewer
 * always ranks (LoCoMo's conversations, 369 to 689 turns, are above it either way).
 */
const RANKING_MIN_DOCUMENTS = 10;

/**
 * The query's words that order the full-text ranking, or none when that is all of them (the
 * ranking then reads the query itself). Postgres's ranking weighs every word of the query alike,
 * so a message saying "made" three times ("we made pizza, made cookies, made a mess") came
 * before the one message saying "friends" for "where has she made friends?": the words many
 * messages hold (more than 1 in 20) pull every message that holds them. BM25 still weighs them, by their
 * rarity; when every word is that common, all of them rank.
 */
export function rankingWords(frequencies: WordFrequencies, words: readonly string[]): string[] {
  const bound = Math.max(RANKING_SHARE * frequencies.total, RANKING_MIN_DOCUMENTS);
  const kept = words.filter((word) => (frequencies.documents.get(word) ?? 0) <= bound);
  return kept.length > 0 && kept.length < words.length ? kept : [];
}
