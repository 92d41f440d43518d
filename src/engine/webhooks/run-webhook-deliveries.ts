import type { Database } from '../database/database.js';
import { DatabaseUnavailableError } from '../database/database-unavailable.js';
import { type ClaimedDelivery, claimWebhookDeliveries } from './claim-webhook-deliveries.js';
import { postWebhook } from './post-webhook.js';
import { type AttemptResult, recordWebhookAttempt } from './record-webhook-attempt.js';
import { signWebhook } from './sign-webhook.js';

export type WebhookDeliveryOptions = {
  /** Send to private, loopback and link-local addresses too (PEERMEM_WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** One line per change of state (an endpoint failing, answering again, the database lost). */
  log: (line: string) => void;
};

/** Deliveries sent at once by one process. */
const CONCURRENCY = 8;
/** How often an idle loop looks for due deliveries. */
const POLL_MS = 1000;
const TIMEOUT_MS = 10_000;
/** After this many attempts a delivery is marked failed. */
const MAX_ATTEMPTS = 15;
/** The first retry waits this long, each next one twice as long, at most `MAX_RETRY_MS`. */
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 10 * 60_000;
/** Finished deliveries are kept this long, to be read through the API. */
const KEEP_FINISHED_DAYS = 7;
const CLEANUP_EVERY_MS = 60 * 60_000;

/** The wait before attempt `attempts + 1`: 1 s, 2 s, 4 s, … up to ten minutes. */
const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), MAX_RETRY_MS);

export type WebhookDeliveries = { stop(): Promise<void> };

/**
 * Sends what the triggers of migration 0009 put in the outbox: each delivery POSTed as signed
 * JSON, retried with exponential backoff until `MAX_ATTEMPTS`, then marked failed. Runs in
 * `peermem serve`, which is where endpoints are managed; deliveries live in the database, so a
 * restart resumes them, and several servers on one database share them (claims are leases).
 */
export function startWebhookDeliveries(db: Database, options: WebhookDeliveryOptions): WebhookDeliveries {
  let running = true;
  const stopping = new AbortController();
  const inFlight = new Set<Promise<void>>();
  /** Endpoints whose last attempt failed, so that only the change is logged. */
  const failing = new Map<string, { gaveUp: boolean }>();
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      setTimeout(resolve, ms).unref();
    });

  async function attempt(delivery: ClaimedDelivery): Promise<void> {
    const body = JSON.stringify({
      id: delivery.event_id,
      type: delivery.type,
      data: delivery.data,
      timestamp: delivery.occurred_at,
    });
    const headers = {
      ...signWebhook(delivery.secret, body, Math.floor(Date.now() / 1000)),
      'X-Peermem-Event': delivery.type,
      'X-Peermem-Event-Id': delivery.event_id,
    };
    const sent = await postWebhook(new URL(delivery.url), body, headers, {
      timeoutMs: TIMEOUT_MS,
      allowPrivate: options.allowPrivate,
      signal: stopping.signal,
    });
    // Stopped mid-way: the claim lapses and the attempt is made again after the restart.
    if (stopping.signal.aborted) return;
    const result: AttemptResult = sent.ok
      ? { outcome: 'delivered', statusCode: sent.status }
      : delivery.attempts >= MAX_ATTEMPTS
        ? { outcome: 'failed', statusCode: sent.status, error: sent.error }
        : {
            outcome: 'retry',
            statusCode: sent.status,
            error: sent.error,
            delayMs: retryDelayMs(delivery.attempts),
          };
    await recordWebhookAttempt(db, delivery.id, result);
    reportChange(delivery, result);
  }

  function reportChange(delivery: ClaimedDelivery, result: AttemptResult): void {
    const endpoint = `webhook endpoint ${delivery.endpoint_id} (${new URL(delivery.url).origin})`;
    const state = failing.get(delivery.endpoint_id);
    if (result.outcome === 'delivered') {
      if (state === undefined) return;
      failing.delete(delivery.endpoint_id);
      options.log(`peermem: ${endpoint} accepts deliveries again`);
      return;
    }
    if (state === undefined) {
      failing.set(delivery.endpoint_id, { gaveUp: result.outcome === 'failed' });
      options.log(`peermem: ${endpoint} is failing (${result.error}); deliveries are retried with backoff`);
    }
    if (result.outcome === 'failed' && state?.gaveUp !== true) {
      failing.set(delivery.endpoint_id, { gaveUp: true });
      options.log(
        `peermem: ${endpoint}: deliveries are failing for good after ${MAX_ATTEMPTS} attempts (${result.error}); their state is at GET /v3/workspaces/{workspace_id}/webhooks/${delivery.endpoint_id}/deliveries`,
      );
    }
  }

  let lastCleanup = Number.NEGATIVE_INFINITY;
  async function removeOld(): Promise<void> {
    if (performance.now() - lastCleanup < CLEANUP_EVERY_MS) return;
    lastCleanup = performance.now();
    await db.query(
      `DELETE FROM webhook_deliveries d
       WHERE (d.status <> 'pending' AND d.finished_at < now() - make_interval(days => $1::int))
          OR NOT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = d.endpoint_id)`,
      [KEEP_FINISHED_DAYS],
    );
  }

  /** Keeps up to `CONCURRENCY` attempts under way; a lost database is logged once, not per poll. */
  async function loop(): Promise<void> {
    let failures = 0;
    let lost = false;
    while (running) {
      const free = CONCURRENCY - inFlight.size;
      let claimed: ClaimedDelivery[] = [];
      try {
        await removeOld();
        if (free > 0) claimed = await claimWebhookDeliveries(db, free, TIMEOUT_MS / 1000 + 30);
        if (lost) options.log('peermem: webhook deliveries resume: the database answers again');
        lost = false;
        failures = 0;
      } catch (error) {
        const retryMs = Math.min(FIRST_RETRY_MS * 2 ** failures, 30_000);
        failures += 1;
        if (!lost) {
          lost = true;
          const reason = error instanceof DatabaseUnavailableError ? error.message : 'a database error';
          options.log(`peermem: webhook deliveries wait: ${reason}; trying again`);
        }
        await pause(retryMs);
        continue;
      }
      for (const delivery of claimed) {
        const work: Promise<void> = attempt(delivery)
          .catch(() => {
            // The outcome could not be written; the claim lapses and the attempt is made again.
          })
          .finally(() => {
            inFlight.delete(work);
            wake?.();
          });
        inFlight.add(work);
      }
      if (!running) break;
      // A full batch: more may be due at once. Otherwise wait for the next poll or a free slot.
      if (claimed.length > 0 && claimed.length === free) continue;
      await pause(POLL_MS);
    }
  }
  const looping = loop();

  return {
    async stop() {
      running = false;
      stopping.abort();
      wake?.();
      await looping;
      await Promise.allSettled([...inFlight]);
    },
  };
}
