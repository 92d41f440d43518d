import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../engine/database/database.js';
import { LATENCY_BOUNDS_MS } from '../../engine/usage/latency-buckets.js';
import type { ReadInstanceStatusParameters } from '../../engine/usage/read-instance-status.js';
import { readInstanceStatus } from '../../engine/usage/read-instance-status.js';
import type { RequestLabels } from '../../engine/usage/usage-recorder.js';
import { withinTime } from './within-time.js';

/** A scrape waits this long for the database's figures, then answers without them. */
const DATABASE_TIMEOUT_MS = 2000;

export type UsageMetrics = {
  /** Counts a request of this process (the recorder's `onRequest`). */
  observeRequest(labels: RequestLabels, ms: number): void;
  /** Counts messages written by this process. */
  observeMessages(messages: number, tokens: number): void;
  /** The Prometheus text of every metric, the database's read now. */
  render(): Promise<{ contentType: string; text: string }>;
};

/**
 * The Prometheus metrics of a process: its requests by route pattern and status with their
 * latency in the same fixed buckets as /v3/usage (Prometheus adds up the processes it scrapes),
 * and, read from the database at each scrape, the figures every process shares: the learning
 * queue and its lag, the derivers' heartbeats and the webhook backlog. Per workspace and key, the
 * figures are in GET /v3/usage: as labels here they would grow without bound.
 */
export function createUsageMetrics(
  db: Database,
  instance: Omit<ReadInstanceStatusParameters, 'workspace'>,
): UsageMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'peermem_' });
  const registers = [registry];
  const requests = new Counter({
    name: 'peermem_http_requests_total',
    help: 'Requests answered by this process, by route pattern and status.',
    labelNames: ['route', 'status'],
    registers,
  });
  const duration = new Histogram({
    name: 'peermem_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern.',
    labelNames: ['route'],
    buckets: LATENCY_BOUNDS_MS.map((ms) => ms / 1000),
    registers,
  });
  const messages = new Counter({
    name: 'peermem_messages_written_total',
    help: 'Messages written through this process.',
    registers,
  });
  const tokens = new Counter({
    name: 'peermem_tokens_written_total',
    help: 'Tokens of the messages written through this process.',
    registers,
  });
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers });
  const up = gauge('peermem_database_up', '1 when the database answered this scrape, else 0.');
  const size = gauge('peermem_database_size_bytes', 'The size of the database.');
  const queue = gauge('peermem_learning_queue_tasks', 'Learning tasks by status.', ['status']);
  const lag = gauge('peermem_learning_queue_lag_seconds', 'How long the oldest waiting task has waited.');
  const heartbeat = gauge(
    'peermem_deriver_heartbeat_age_seconds',
    'Seconds since each deriver seen in the last day reported.',
    ['deriver', 'host'],
  );
  const learned = gauge('peermem_deriver_tasks_learned', 'Tasks each deriver has learned.', [
    'deriver',
    'host',
  ]);
  const backlog = gauge('peermem_webhook_backlog', 'Webhook deliveries not yet sent.');
  const oldest = gauge('peermem_webhook_oldest_seconds', 'The age of the oldest delivery not yet sent.');

  async function readDatabase(): Promise<void> {
    try {
      const status = await withinTime(
        readInstanceStatus(db, { ...instance, workspace: undefined }),
        DATABASE_TIMEOUT_MS,
      );
      up.set(1);
      size.set(status.database.size_bytes ?? 0);
      for (const [name, count] of Object.entries({
        pending: status.queue.pending,
        in_progress: status.queue.in_progress,
        failed: status.queue.failed,
      }))
        queue.set({ status: name }, count);
      lag.set(status.queue.lag_seconds);
      heartbeat.reset();
      learned.reset();
      for (const worker of status.workers) {
        const labels = { deriver: worker.id, host: worker.host ?? '' };
        heartbeat.set(labels, (Date.now() - Date.parse(worker.last_heartbeat_at)) / 1000);
        learned.set(labels, worker.tasks_learned);
      }
      backlog.set(status.webhooks.backlog);
      oldest.set(status.webhooks.oldest_seconds);
    } catch {
      // The process's own figures are still worth scraping; the database's are missing, and said so.
      up.set(0);
    }
  }

  return {
    observeRequest(labels, ms) {
      requests.inc({ route: labels.route, status: String(labels.status) });
      duration.observe({ route: labels.route }, ms / 1000);
    },
    observeMessages(count, tokenCount) {
      messages.inc(count);
      tokens.inc(tokenCount);
    },
    async render() {
      await readDatabase();
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
  };
}
