import type { Database } from '../database/database.js';

export type AttemptResult =
  | { outcome: 'delivered'; statusCode: number }
  | { outcome: 'retry'; statusCode: number | undefined; error: string; delayMs: number }
  | { outcome: 'failed'; statusCode: number | undefined; error: string };

/** Writes how an attempt went: delivered, due again after `delayMs`, or failed for good. */
export async function recordWebhookAttempt(db: Database, id: string, result: AttemptResult): Promise<void> {
  const status = result.outcome === 'retry' ? 'pending' : result.outcome;
  await db.query(
    `UPDATE webhook_deliveries
     SET status = $2, last_status_code = $3::int, last_error = $4,
         next_attempt_at = CASE WHEN $2 = 'pending' THEN now() + make_interval(secs => $5::float8 / 1000)
                                ELSE next_attempt_at END,
         finished_at = CASE WHEN $2 = 'pending' THEN NULL ELSE now() END
     WHERE id = $1::bigint`,
    [
      id,
      status,
      result.statusCode ?? null,
      result.outcome === 'delivered' ? null : result.error.slice(0, 500),
      result.outcome === 'retry' ? result.delayMs : 0,
    ],
  );
}
