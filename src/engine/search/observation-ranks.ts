import type { Database } from '../database/database.js';
import { anyWordQuery } from './any-word-query.js';
import { boundedQuery } from './bounded-query.js';
import type { SearchScope } from './full-text-ranks.js';

/**
 * Message seqs ranked by the observations drawn from them. An observation restates its
 * message in the third person, names the speaker and carries resolved dates ("Caroline went to
 * a support group on 7 May 2023"), so it matches questions about a person that the message's
 * own words ("I went yesterday") do not.
 */
export async function observationRanks(
  db: Database,
  workspace: string,
  query: string,
  scope: SearchScope,
  limit: number,
): Promise<string[]> {
  const rows = await db.query<{ seq: string }>(
    // The tsquery is written out, not taken from a CTE, so the full-text index serves the match.
    `WITH hits AS (
       SELECT o.source_message_ids, ts_rank_cd(o.search_vector, ${anyWordQuery(2)}) AS rank FROM observations o
       WHERE o.workspace_id = $1 AND o.observer_id = o.observed_id AND o.search_vector @@ ${anyWordQuery(2)}
         AND ($3::text IS NULL OR o.session_id = $3::text) AND ($4::text IS NULL OR o.observed_id = $4::text)
       ORDER BY rank DESC LIMIT $5::int
     )
     SELECT m.seq::text AS seq FROM hits
       CROSS JOIN LATERAL jsonb_array_elements_text(hits.source_message_ids) AS source (id)
       JOIN messages m ON m.id = source.id AND m.workspace_id = $1
     ORDER BY hits.rank DESC`,
    [workspace, boundedQuery(query), scope.session ?? null, scope.peer ?? null, limit],
  );
  return [...new Set(rows.map((row) => row.seq))];
}
