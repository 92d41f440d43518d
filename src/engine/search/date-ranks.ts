import type { Database } from '../database/database.js';
import type { DateWindow } from '../text/query-dates.js';
import { anyWordQuerySql } from './any-word-query-sql.js';
import { boundedQuery } from './bounded-query.js';
import type { SearchScope } from './full-text-ranks.js';

const DAY_MS = 86_400_000;
// People speak of a day after it ("last Sunday", "last week"): the messages said up to two weeks
// after the days a query names are the ones that tell of them.
const TOLD_WITHIN_DAYS = 14;
// The most messages of the window read; a window is weeks long, and busy weeks are cut to their first.
const WINDOW_CANDIDATES = 2000;

/**
 * Message seqs said in or just after the days a query names ("what did she watch on 1 May
 * 2022?"), ranked by how many of the query's words they hold, common ones too: within a few
 * weeks of talk, "watch" alone finds the film. Messages sharing no word are left out.
 */
export async function dateRanks(
  db: Database,
  workspace: string,
  query: string,
  window: DateWindow,
  scope: SearchScope,
  limit: number,
): Promise<string[]> {
  const until = new Date(window.to.getTime() + (TOLD_WITHIN_DAYS + 1) * DAY_MS);
  const rows = await db.query<{ seq: string }>(
    `WITH said AS (
       SELECT m.seq, m.created_at, m.search_vector FROM messages m
       WHERE m.workspace_id = $1 AND m.created_at >= $2::timestamptz AND m.created_at < $3::timestamptz
         AND ($4::text IS NULL OR m.session_id = $4::text) AND ($5::text IS NULL OR m.peer_id = $5::text)
       ORDER BY m.created_at, m.seq LIMIT ${WINDOW_CANDIDATES}
     )
     SELECT said.seq::text AS seq FROM said
     WHERE said.search_vector @@ ${anyWordQuerySql(6)}
     ORDER BY ts_rank_cd(said.search_vector, ${anyWordQuerySql(6)}) DESC, said.created_at, said.seq
     LIMIT $7::int`,
    [
      workspace,
      window.from.toISOString(),
      until.toISOString(),
      scope.session ?? null,
      scope.peer ?? null,
      boundedQuery(query),
      limit,
    ],
  );
  return rows.map((row) => row.seq);
}
