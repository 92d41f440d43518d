import type { Database } from '../database/database.js';
import type { DerivationTask } from './derivation-task.js';

/**
 * Records a failed attempt. A retryable failure (a provider timing out) is tried again after
 * an exponential backoff until `maxAttempts`; then, or at once for a permanent failure, the
 * task is marked failed with its error, visible in the status. Nothing learned before is lost.
 */
export async function failTask(
  db: Database,
  task: DerivationTask,
  failure: {
    message: string;
    retryable: boolean;
    maxAttempts: number;
    retryAfterMs?: number | undefined;
    retryBaseMs: number;
  },
): Promise<void> {
  const retry = failure.retryable && task.attempts < failure.maxAttempts;
  const delayMs = failure.retryAfterMs ?? Math.min(2 ** (task.attempts - 1) * failure.retryBaseMs, 300_000);
  await db.query(
    `UPDATE derivation_tasks
     SET status = $3, last_error = $4, claim_token = NULL,
         available_at = now() + make_interval(secs => $5::float8 / 1000),
         finished_at = CASE WHEN $3 = 'failed' THEN now() ELSE NULL END
     WHERE id = $1::bigint AND claim_token = $2`,
    [task.id, task.claim_token, retry ? 'pending' : 'failed', failure.message.slice(0, 2000), delayMs],
  );
}
