import type { Database } from '../database/database.js';
import type { DerivationTask } from './derivation-task.js';

/**
 * Claims up to `limit` tasks that are ready: pending ones whose time has come, and claims
 * older than `leaseSeconds` that were never completed (their worker died). A session's tasks
 * are taken one at a time, in order, because a later message may correct an earlier one.
 * SKIP LOCKED lets any number of workers claim side by side without waiting on each other.
 */
export async function claimTasks(
  db: Database,
  options: { limit: number; leaseSeconds: number; claimToken: string },
): Promise<DerivationTask[]> {
  return db.query<DerivationTask>(
    `UPDATE derivation_tasks t
     SET status = 'in_progress', attempts = t.attempts + 1, claim_token = $1, claimed_at = now()
     WHERE t.id IN (
       SELECT r.id FROM derivation_tasks r
       WHERE ((r.status = 'pending' AND r.available_at <= now())
              OR (r.status = 'in_progress' AND r.claimed_at < now() - make_interval(secs => $2::int)))
         AND NOT EXISTS (
           SELECT 1 FROM derivation_tasks e
           WHERE e.workspace_id = r.workspace_id AND e.session_id = r.session_id AND e.id < r.id
             AND e.status IN ('pending', 'in_progress'))
       ORDER BY r.id LIMIT $3::int
       FOR UPDATE SKIP LOCKED
     )
     RETURNING t.id::text, t.workspace_id, t.session_id, t.first_seq::text, t.last_seq::text, t.attempts, t.claim_token`,
    [options.claimToken, options.leaseSeconds, options.limit],
  );
}
