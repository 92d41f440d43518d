import type { DeriverStatusInput, DeriverStatusOutput } from '../../schemas/deriver-status.js';
import type { Database } from '../database/database.js';
import type { Learning } from '../learning/learning.js';

/** A deriver that renewed its report within this long is running: it does so every 10 s (lease 30 s / 3). */
const RUNNING_SECONDS = 60;

type DeriverReport = { reasoner: string; running: boolean };

/**
 * How far the deriver is with this workspace's messages, its latest errors, what it could not
 * learn from, and the reasoner of the deriver that learns, which may run in another process.
 */
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
    Omit<
      DeriverStatusOutput,
      'reasoner' | 'embedding_model' | 'learning_thread' | 'vector_search' | 'not_learned'
    > & { not_learned_language: number; derivers: DeriverReport[] | null }
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
         AS observations,
       (SELECT count(*)::int FROM messages_not_learned
        WHERE workspace_id = $1 AND ($2::text IS NULL OR session_id = $2::text) AND reason = 'language')
         AS not_learned_language,
       (SELECT json_agg(d) FROM (
          SELECT reasoner, seen_at > now() - make_interval(secs => $3::int) AS running
          FROM derivers ORDER BY seen_at DESC LIMIT 20) d) AS derivers
     FROM derivation_tasks WHERE workspace_id = $1 AND ($2::text IS NULL OR session_id = $2::text)`,
    [workspace, input.session ?? null, RUNNING_SECONDS],
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
    not_learned: {
      count: row?.not_learned_language ?? 0,
      reasons: { language: row?.not_learned_language ?? 0 },
    },
    reasoner: learningReasoner(row?.derivers ?? [], learning.reasoner.name),
    embedding_model: learning.embedder.model,
    learning_thread: paths.learningThread,
    vector_search: paths.vectorSearch,
  };
}

/**
 * The reasoner of the derivers running now (newest report first), else of the last one that ran,
 * else this process's own: a status asked of a process that does not learn names the one that does.
 */
function learningReasoner(reports: readonly DeriverReport[], own: string): string {
  const running = [...new Set(reports.filter((report) => report.running).map((report) => report.reasoner))];
  return running.length > 0 ? running.join(', ') : (reports[0]?.reasoner ?? own);
}
