import type { DeriverStatusInput, DeriverStatusOutput } from '../../schemas/deriver-status.js';
import type { Database } from '../database/database.js';
import type { Learning } from '../learning/learning.js';

/** How far the deriver is with this workspace's messages, and its latest errors. */
export async function getDeriverStatus(
  db: Database,
  workspace: string,
  input: DeriverStatusInput,
  learning: Learning,
  paths: {
    learningThread: DeriverStatusOutput['learning_thread'];
    vectorSearch: DeriverStatusOutput['vector_search'];
  },
): Promise<DeriverStatusOutput> {
  const [row] = await db.query<
    Omit<DeriverStatusOutput, 'reasoner' | 'embedding_model' | 'learning_thread' | 'vector_search'>
  >(
    `SELECT
       count(*) FILTER (WHERE status = 'pending')::int AS pending,
       count(*) FILTER (WHERE status = 'in_progress')::int AS in_progress,
       count(*) FILTER (WHERE status = 'done')::int AS done,
       count(*) FILTER (WHERE status = 'failed')::int AS failed,
       coalesce((SELECT json_agg(f ORDER BY f.at DESC) FROM (
         SELECT session_id AS session, attempts, last_error AS error, status, coalesce(finished_at, claimed_at) AS at
         FROM derivation_tasks WHERE workspace_id = $1 AND ($2::text IS NULL OR session_id = $2::text)
           AND last_error IS NOT NULL AND status IN ('pending', 'failed')
         ORDER BY id DESC LIMIT 10) f), '[]'::json) AS failures,
       (SELECT count(*)::int FROM observations WHERE workspace_id = $1 AND ($2::text IS NULL OR session_id = $2::text))
         AS observations
     FROM derivation_tasks WHERE workspace_id = $1 AND ($2::text IS NULL OR session_id = $2::text)`,
    [workspace, input.session ?? null],
  );
  const failures = (row?.failures ?? []).map(({ session, attempts, error, status }) => ({
    session,
    attempts,
    error,
    status,
  }));
  return {
    pending: row?.pending ?? 0,
    in_progress: row?.in_progress ?? 0,
    done: row?.done ?? 0,
    failed: row?.failed ?? 0,
    failures,
    observations: row?.observations ?? 0,
    reasoner: learning.reasoner.name,
    embedding_model: learning.embedder.model,
    learning_thread: paths.learningThread,
    vector_search: paths.vectorSearch,
  };
}
