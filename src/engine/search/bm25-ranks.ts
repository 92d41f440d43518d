import type { Database } from '../database/database.js';
import type { WordFrequencies } from './word-frequencies.js';

/** BM25's usual constants: term-frequency saturation and document-length normalisation. */
const K1 = 1.2;
const B = 0.75;

/** A candidate message's stemmed words (its search vector, as text) and who said it. */
export type CandidateText = { seq: string; vector: string; peer: string };

/**
 * The search vectors and speakers of the candidates, read once for BM25 and for favouring a
 * named peer (which read the same rows again). The vectors come whole and are read in
 * JavaScript: unnesting them in SQL cost twice as long on PGlite.
 */
export async function candidateTexts(
  db: Database,
  workspace: string,
  candidates: readonly string[],
): Promise<CandidateText[]> {
  if (candidates.length === 0) return [];
  return db.query<CandidateText>(
    `SELECT m.seq::text AS seq, m.search_vector::text AS vector, m.peer_id AS peer FROM messages m
     WHERE m.workspace_id = $1 AND m.seq = ANY($2::bigint[])`,
    [workspace, candidates],
  );
}

/**
 * Ranks candidate messages by BM25 over their stemmed words (the search vectors Postgres keeps):
 * a rare word of the query weighs more than a common one, which Postgres's own ranking does not
 * know. Candidates come from the other rankings; this orders them, it finds none.
 */
export function bm25Ranks(
  words: readonly string[],
  frequencies: WordFrequencies,
  candidates: readonly CandidateText[],
): string[] {
  if (candidates.length === 0 || words.length === 0) return [];
  const wanted = new Set(words);
  const documents = candidates.map((row) => ({ seq: row.seq, ...termsOf(row.vector, wanted) }));
  const total = Math.max(1, frequencies.total);
  const averageLength = Math.max(
    1,
    documents.reduce((sum, document) => sum + document.length, 0) / Math.max(1, documents.length),
  );
  const scores = new Map<string, number>();
  for (const { seq, length, counts } of documents) {
    for (const [word, tf] of counts) {
      const n = frequencies.documents.get(word) ?? 0;
      const idf = Math.log(1 + (total - n + 0.5) / (n + 0.5));
      const norm = tf + K1 * (1 - B + (B * length) / averageLength);
      scores.set(seq, (scores.get(seq) ?? 0) + (idf * tf * (K1 + 1)) / norm);
    }
  }
  return [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([seq]) => seq);
}

/** A lexeme of a tsvector's text form (`'word':1,4 'other':2`), quotes doubled inside, and its positions. */
const LEXEME = /'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g;

/**
 * From a tsvector as text: how many distinct words it holds (BM25's document length) and how
 * often each wanted word occurs (its positions; one for a vector stripped of them).
 */
function termsOf(
  vector: string,
  wanted: ReadonlySet<string>,
): { length: number; counts: Map<string, number> } {
  let length = 0;
  const counts = new Map<string, number>();
  for (const [, quoted = '', positions] of vector.matchAll(LEXEME)) {
    length += 1;
    const word = quoted.replaceAll("''", "'").replaceAll('\\\\', '\\');
    if (wanted.has(word)) counts.set(word, positions === undefined ? 1 : positions.split(',').length);
  }
  return { length, counts };
}
