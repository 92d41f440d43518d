import { isoTimestamp } from '../columns.js';
import type { Database } from '../database/database.js';
import type { Embedder } from '../learning/llm/embedder.js';
import { cosine, decodeVector } from '../learning/vector-codec.js';
import { anyWordQuerySql } from '../search/any-word-query-sql.js';
import { boundedQuery } from '../search/bounded-query.js';
import { fuseRankings } from '../search/fuse-rankings.js';

export type RecalledObservation = { id: string; content: string; occurredAt: string | null };

// Observations considered for one question: the newest of the pair, enough for years of talk.
const CANDIDATES = 3000;

/**
 * The observations of `observer` about `observed` that best answer `query`: full-text and
 * meaning rankings fused, as for messages. `withReplaced` includes the facts a newer one
 * replaced ("Bob quit Acme in June 2026" once he works elsewhere): they were true when said,
 * and answer questions about then.
 */
export async function recallObservations(
  db: Database,
  embedder: Embedder,
  workspace: string,
  scope: { observer: string; observed: string; session?: string | undefined },
  query: string,
  limit: number,
  options: { withReplaced?: boolean } = {},
): Promise<RecalledObservation[]> {
  if (limit <= 0) return [];
  const terms = boundedQuery(query);
  const rows = await db.query<{
    id: string;
    content: string;
    occurred_at: string | null;
    embedding: string | null;
    text_rank: number | null;
  }>(
    `WITH q AS (SELECT ${anyWordQuerySql(5)} AS any_word)
     SELECT o.id, o.content, ${isoTimestamp('o.occurred_at')} AS occurred_at,
       CASE WHEN o.embedding_model = $6 THEN encode(o.embedding, 'base64') END AS embedding,
       CASE WHEN o.search_vector @@ q.any_word THEN ts_rank_cd(o.search_vector, q.any_word) END AS text_rank
     FROM observations o, q
     WHERE o.workspace_id = $1 AND o.observer_id = $2 AND o.observed_id = $3 AND ($7::boolean OR o.superseded_by IS NULL)
       AND ($4::text IS NULL OR o.session_id = $4::text)
     ORDER BY o.seq DESC LIMIT ${CANDIDATES}`,
    [
      workspace,
      scope.observer,
      scope.observed,
      scope.session ?? null,
      terms,
      embedder.model,
      options.withReplaced === true,
    ],
  );
  if (rows.length === 0) return [];
  const [queryVector] = await embedder.embed([terms]);
  const byWords = rows
    .filter((row) => row.text_rank !== null)
    .sort((a, b) => (b.text_rank ?? 0) - (a.text_rank ?? 0))
    .map((row) => row.id);
  const byMeaning = queryVector
    ? rows
        .filter((row) => row.embedding !== null)
        .map((row) => ({ id: row.id, score: cosine(queryVector, decodeVector(row.embedding as string)) }))
        .sort((a, b) => b.score - a.score)
        .map((row) => row.id)
    : [];
  const best = fuseRankings([
    { ids: byWords, weight: 1 },
    { ids: byMeaning, weight: 0.6 },
  ]).slice(0, limit);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return best.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id, content: row.content, occurredAt: row.occurred_at }] : [];
  });
}
