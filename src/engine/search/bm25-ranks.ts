import type { Database } from '../database/database.js';

/** BM25's usual constants: term-frequency saturation and document-length normalisation. */
const K1 = 1.2;
const B = 0.75;
// How long a workspace's term counts are reused: they move slowly, and counting a common word
// over a large memory costs more than the ranking itself.
const COUNTS_TTL_MS = 60_000;
const COUNTS_CACHED = 10_000;

type TermCounts = { documents: number; at: number };
const countsCache = new Map<string, TermCounts>();

/**
 * Ranks candidate messages by BM25 over their stemmed words (the search vectors Postgres keeps):
 * a rare word of the query weighs more than a common one, which Postgres's own ranking does not
 * know. Candidates come from the other rankings; this orders them, it finds none.
 */
export async function bm25Ranks(
  db: Database,
  workspace: string,
  query: string,
  candidates: readonly string[],
): Promise<string[]> {
  if (candidates.length === 0) return [];
  const [terms] = await db.query<{ lexemes: string[] }>(
    `SELECT coalesce(tsvector_to_array(to_tsvector('english', $1)), '{}') AS lexemes`,
    [query],
  );
  const lexemes = terms?.lexemes ?? [];
  if (lexemes.length === 0) return [];
  const rows = await db.query<{ seq: string; lexeme: string; tf: number; length: number }>(
    `SELECT m.seq::text AS seq, u.lexeme, coalesce(array_length(u.positions, 1), 1) AS tf, length(m.search_vector) AS length
     FROM messages m, unnest(m.search_vector) AS u
     WHERE m.workspace_id = $1 AND m.seq IN (SELECT jsonb_array_elements_text($2::jsonb)::bigint)
       AND u.lexeme = ANY($3::text[])`,
    [workspace, JSON.stringify(candidates), lexemes],
  );
  const { total, documents } = await termCounts(db, workspace, lexemes);
  const lengths = new Map<string, number>();
  for (const row of rows) lengths.set(row.seq, row.length);
  const averageLength = Math.max(
    1,
    [...lengths.values()].reduce((sum, n) => sum + n, 0) / Math.max(1, lengths.size),
  );
  const scores = new Map<string, number>();
  for (const row of rows) {
    const n = documents.get(row.lexeme) ?? 0;
    const idf = Math.log(1 + (total - n + 0.5) / (n + 0.5));
    const norm = row.tf + K1 * (1 - B + (B * row.length) / averageLength);
    scores.set(row.seq, (scores.get(row.seq) ?? 0) + (idf * row.tf * (K1 + 1)) / norm);
  }
  return [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([seq]) => seq);
}

/** How many of the workspace's messages hold each word, and how many it holds in all. */
async function termCounts(
  db: Database,
  workspace: string,
  lexemes: readonly string[],
): Promise<{ total: number; documents: Map<string, number> }> {
  const now = Date.now();
  const fresh = (key: string) => {
    const cached = countsCache.get(key);
    return cached && now - cached.at < COUNTS_TTL_MS ? cached : undefined;
  };
  const missing = lexemes.filter((lexeme) => !fresh(`${workspace}\u0000${lexeme}`));
  if (!fresh(`${workspace}\u0000`) || missing.length > 0) {
    const rows = await db.query<{ lexeme: string; documents: number }>(
      `SELECT '' AS lexeme, count(*)::int AS documents FROM messages WHERE workspace_id = $1
       UNION ALL
       SELECT t.lexeme, (SELECT count(*)::int FROM messages m
                         WHERE m.workspace_id = $1 AND m.search_vector @@ quote_literal(t.lexeme)::tsquery)
       FROM unnest($2::text[]) AS t (lexeme)`,
      [workspace, missing],
    );
    if (countsCache.size > COUNTS_CACHED) countsCache.clear();
    for (const row of rows)
      countsCache.set(`${workspace}\u0000${row.lexeme}`, { documents: row.documents, at: now });
  }
  const documents = new Map(
    lexemes.map((lexeme) => [lexeme, fresh(`${workspace}\u0000${lexeme}`)?.documents ?? 0]),
  );
  return { total: fresh(`${workspace}\u0000`)?.documents ?? 1, documents };
}
