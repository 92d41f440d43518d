import type { QueueStatus } from '../../schemas/platform.js';
import type { Database } from '../database/database.js';

type WorkUnits = Omit<QueueStatus, 'sessions'>;

// The busiest sessions are listed one by one; a workspace can have many more.
const SESSIONS_SHOWN = 100;

/**
 * How far the deriver is with a workspace (or one session): its tasks are the work units; a
 * task that failed for good counts as completed, as nothing more will be done with it.
 */
export async function getQueueStatus(
  db: Database,
  workspace: string,
  session: string | undefined,
): Promise<QueueStatus> {
  const counts = `count(*)::int AS total_work_units,
    count(*) FILTER (WHERE status IN ('done', 'failed'))::int AS completed_work_units,
    count(*) FILTER (WHERE status = 'in_progress')::int AS in_progress_work_units,
    count(*) FILTER (WHERE status = 'pending')::int AS pending_work_units`;
  const scope = 'workspace_id = $1 AND ($2::text IS NULL OR session_id = $2::text)';
  const [row] = await db.query<WorkUnits & { sessions: (WorkUnits & { session_id: string })[] | null }>(
    `SELECT ${counts},
       (SELECT json_agg(per ORDER BY per.pending_work_units + per.in_progress_work_units DESC, per.session_id)
        FROM (SELECT session_id, ${counts} FROM derivation_tasks WHERE ${scope} GROUP BY session_id
              ORDER BY count(*) FILTER (WHERE status IN ('pending', 'in_progress')) DESC, session_id
              LIMIT ${SESSIONS_SHOWN}) per) AS sessions
     FROM derivation_tasks WHERE ${scope}`,
    [workspace, session ?? null],
  );
  return {
    total_work_units: row?.total_work_units ?? 0,
    completed_work_units: row?.completed_work_units ?? 0,
    in_progress_work_units: row?.in_progress_work_units ?? 0,
    pending_work_units: row?.pending_work_units ?? 0,
    sessions: Object.fromEntries((row?.sessions ?? []).map((unit) => [unit.session_id, unit])),
  };
}
