import type { Database } from '../database/database.js';
import { anyWordQuery } from './any-word-query.js';
import { boundedQuery } from './bounded-query.js';

export type SearchScope = { session?: string | undefined; peer?: string | undefined };

/** How many of the newest messages matching any query word are ranked, besides those matching all. */
const ANY_WORD_CANDIDATES = 1000;

/**
 * Message seqs ranked by full-text relevance. A question rarely repeats every word of the
 * message that answers it, so messages matching any of its words are candidates, ranked by
 * how many of the words they hold and how close together. Common words can match a large share
 * of a big memory, so the candidates are every message matching all the words plus the newest
 * ${ANY_WORD_CANDIDATES} matching any: ranking stays bounded at any size.
 */
export async function fullTextRanks(
  db: Database,
  workspace: string,
  query: string,
  scope: SearchScope,
  limit: number,
): Promise<string[]> {
  const filters = `m.workspace_id = $1 AND ($3::text IS NULL OR m.session_id = $3::text)
    AND ($4::text IS NULL OR m.peer_id = $4::text)`;
  // The tsqueries are written out in each condition, not taken from a CTE: a condition on a
  // CTE's column is a join filter, which no index serves (every message of the workspace was
  // read). The candidates carry what ranking needs, so messages is not read a second time.
  const anyWord = anyWordQuery(2);
  const columns = 'm.seq, m.created_at, m.search_vector';
  const rows = await db.query<{ seq: string }>(
    `WITH candidates AS (
       (SELECT ${columns} FROM messages m WHERE ${filters} AND m.search_vector @@ plainto_tsquery('english', $2))
       UNION ALL
       (SELECT ${columns} FROM messages m WHERE ${filters} AND m.search_vector @@ ${anyWord}
        ORDER BY m.seq DESC LIMIT ${ANY_WORD_CANDIDATES})
     )
     SELECT c.seq::text AS seq FROM (SELECT DISTINCT ON (seq) * FROM candidates ORDER BY seq) c
     ORDER BY ts_rank_cd(c.search_vector, ${anyWord}) DESC, c.created_at DESC, c.seq DESC
     LIMIT $5::int`,
    [workspace, boundedQuery(query), scope.session ?? null, scope.peer ?? null, limit],
  );
  return rows.map((row) => row.seq);
}
