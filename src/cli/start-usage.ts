import type { Config } from '../config.js';
import type { Database } from '../engine/database/database.js';
import { createUsageStore, type UsageStore } from '../engine/usage/create-usage-store.js';
import { createUsageRecorder, type UsageRecorder } from '../engine/usage/usage-recorder.js';
import { createUsageMetrics, type UsageMetrics } from '../http/operations/usage-metrics.js';
import { VERSION } from '../version.js';
import { databaseLocation } from './open-store.js';

export type ProcessUsage = {
  /** Undefined when `--usage-days 0` turns recording off. */
  recorder: UsageRecorder | undefined;
  store: UsageStore | undefined;
  metrics: UsageMetrics;
};

/**
 * The usage recording of a `serve` or `worker` process: the recorder that batches its figures
 * into the database, the store GET /v3/usage and /v3/status read, and its Prometheus metrics.
 */
export function startUsage(config: Config, database: Database): ProcessUsage {
  const instance = { version: VERSION, startedAt: new Date(), location: databaseLocation(config) };
  const metrics = createUsageMetrics(database, instance);
  if (config.usageDays === 0) return { recorder: undefined, store: undefined, metrics };
  const recorder = createUsageRecorder(database, {
    retentionDays: config.usageDays,
    log: (line) => console.error(line),
    onRequest: metrics.observeRequest,
    onMessages: metrics.observeMessages,
  });
  return { recorder, store: createUsageStore(database, { ...instance, recorder }), metrics };
}
