import { isoTimestamp } from '../columns.js';
import type { Database } from '../database/database.js';

/** A delivery claimed for one attempt, with what is needed to send it. */
export type ClaimedDelivery = {
  id: string;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  occurred_at: string;
  /** This attempt's number, from 1. */
  attempts: number;
  endpoint_id: string;
  url: string;
  secret: string;
};

/**
 * Claims up to `limit` due deliveries for one attempt each, in one statement. The claim is a
 * lease: `next_attempt_at` moves `leaseSeconds` ahead, so a process that dies while sending
 * leaves the delivery to be tried again once the lease lapses, by itself or another process.
 * Deliveries whose endpoint was deleted are dropped instead.
 */
export function claimWebhookDeliveries(
  db: Database,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedDelivery[]> {
  return db.query<ClaimedDelivery>(
    `WITH due AS (
       SELECT d.id, d.endpoint_id FROM webhook_deliveries d
       WHERE d.status = 'pending' AND d.next_attempt_at <= now()
       ORDER BY d.next_attempt_at, d.id LIMIT $1 FOR UPDATE SKIP LOCKED
     ),
     orphaned AS (
       DELETE FROM webhook_deliveries d USING due
       WHERE d.id = due.id AND NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = due.endpoint_id)
     ),
     claimed AS (
       UPDATE webhook_deliveries d
       SET attempts = d.attempts + 1, last_attempt_at = now(),
           next_attempt_at = now() + make_interval(secs => $2::float8)
       FROM due, webhook_endpoints e
       WHERE d.id = due.id AND e.id = due.endpoint_id
       RETURNING d.id, d.event_id, d.type, d.data, d.occurred_at, d.attempts, e.id AS endpoint_id, e.url, e.secret
     )
     SELECT id::text, event_id, type, data, ${isoTimestamp('occurred_at')} AS occurred_at, attempts,
            endpoint_id, url, secret
     FROM claimed ORDER BY id`,
    [limit, leaseSeconds],
  );
}
