import type { Database } from '../database/database.js';
import { anyLexemeQuery } from './any-lexeme-query.js';
import { anyWordQuerySql } from './any-word-query-sql.js';
import { boundedQuery } from './bounded-query.js';
import { PROXIMITY_RANKED_SHARE, type SearchScope, scoped } from './full-text-ranks.js';
import type { FindingWords } from './word-frequencies.js';

/** How many of the newest observations holding a finding word are ranked. */
const CANDIDATES = 1000;
/** And how many of the newest holding any word, common ones too, within a session or a peer's (see fullTextRanks). */
const RECENT_CANDIDATES = 200;

/**
 * Message seqs ranked by the observations drawn from them. An observation restates its
 * message in the third person, names the speaker and carries resolved dates ("Caroline went to
 * a support group on 7 May 2023"), so it matches questions about a person that the message's
 * own words ("I went yesterday") do not. The candidates are the newest ${CANDIDATES} observations
 * holding one of the `finding` words (`findingWords`) and, in a scoped search, the newest
 * ${RECENT_CANDIDATES} holding any: a peer's name is in every observation about them, so it ranks them but does not find them.
 */
export async function observationRanks(
  db: Database,
  workspace: string,
  query: string,
  finding: FindingWords,
  scope: SearchScope,
  limit: number,
): Promise<string[]> {
  if (finding.words.length === 0) return [];
  const filters = `o.workspace_id = $1 AND o.observer_id = o.observed_id
    AND ($3::text IS NULL OR o.session_id = $3::text) AND ($4::text IS NULL OR o.observed_id = $4::text)`;
  const rows = await db.query<{ seq: string }>(
    // The tsquery is written out, not taken from a CTE, so the full-text index serves the match.
    `WITH candidates AS (
       (SELECT o.seq, o.source_message_ids, o.search_vector FROM observations o
        WHERE ${filters} AND o.search_vector @@ $6::tsquery ORDER BY o.seq DESC LIMIT ${CANDIDATES})
       ${
         scoped(scope)
           ? `UNION ALL
       (SELECT o.seq, o.source_message_ids, o.search_vector FROM observations o
        WHERE ${filters} AND o.search_vector @@ ${anyWordQuerySql(2)} ORDER BY o.seq DESC LIMIT ${RECENT_CANDIDATES})`
           : ''
       }
     ),
     hits AS (
       SELECT c.seq, c.source_message_ids, ts_rank_cd(c.search_vector, ${anyWordQuerySql(2)}) AS rank
       FROM (
         SELECT * FROM (SELECT DISTINCT ON (seq) * FROM candidates ORDER BY seq) d
         ORDER BY ts_rank(d.search_vector, ${anyWordQuerySql(2)}) DESC, d.seq DESC
         LIMIT $5::int * ${PROXIMITY_RANKED_SHARE}
       ) c
       ORDER BY rank DESC, c.seq DESC LIMIT $5::int
     )
     -- A message taught by several observations ranks by its best; of observations ranked alike,
     -- the newest first: what was said last is what holds now.
     SELECT m.seq::text AS seq FROM hits
       CROSS JOIN LATERAL jsonb_array_elements_text(hits.source_message_ids) AS source (id)
       JOIN messages m ON m.id = source.id AND m.workspace_id = $1
     GROUP BY m.seq
     ORDER BY max(hits.rank) DESC, max(hits.seq) DESC, m.seq DESC LIMIT $5::int`,
    [
      workspace,
      boundedQuery(query),
      scope.session ?? null,
      scope.peer ?? null,
      limit,
      anyLexemeQuery(finding.words),
    ],
  );
  return rows.map((row) => row.seq);
}
