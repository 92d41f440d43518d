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
  const rows = await db.query<{ seq: string }>(
    `WITH q AS (
       SELECT plainto_tsquery('english', $2) AS all_words,
              ${anyWordQuery(2)} AS any_word
     ),
     candidates AS (
       (SELECT m.seq FROM messages m, q WHERE ${filters} AND m.search_vector @@ q.all_words)
       UNION
       (SELECT m.seq FROM messages m, q WHERE ${filters} AND m.search_vector @@ q.any_word
        ORDER BY m.seq DESC LIMIT ${ANY_WORD_CANDIDATES})
     )
     SELECT m.seq::text AS seq FROM messages m JOIN candidates c ON c.seq = m.seq, q
     ORDER BY ts_rank_cd(m.search_vector, q.any_word) DESC, m.created_at DESC, m.seq DESC
     LIMIT $5::int`,
    [workspace, boundedQuery(query), scope.session ?? null, scope.peer ?? null, limit],
  );
  return rows.map((row) => row.seq);
}
