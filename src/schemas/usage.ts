import { z } from 'zod';
import { Id } from './common.js';

/** The windows GET /v3/usage answers, each with the size of its points. */
export const USAGE_WINDOWS = {
  hour: { seconds: 3600, bucketSeconds: 60 },
  day: { seconds: 86_400, bucketSeconds: 900 },
  week: { seconds: 604_800, bucketSeconds: 3600 },
} as const;

export const UsageQuery = z.object({
  window: z
    .enum(['hour', 'day', 'week'])
    .default('hour')
    .describe('How far back: the last hour (a point a minute), day (15 minutes) or week (an hour).'),
  workspace_id: Id.optional().describe(
    'Only this workspace. A key scoped to a workspace sees its own alone, named or not.',
  ),
  key_id: Id.optional().describe(
    'Only the requests made with this key (its id, `configured` for the admin key of the configuration).',
  ),
});
export type UsageQuery = z.infer<typeof UsageQuery>;

const Percentiles = z
  .object({ p50_ms: z.number(), p95_ms: z.number(), p99_ms: z.number() })
  .describe('Estimated from the fixed latency buckets, by interpolation within a bucket.');
const Series = z.array(z.number()).describe('One value per point of `buckets`.');

export const UsageReport = z.object({
  bucket_seconds: z.number().int().describe('The length of one point: 60, 900 or 3600 seconds.'),
  scope: z.string().describe('What the figures cover: `all workspaces`, or one workspace, and a key.'),
  buckets: z.array(z.string()).describe('The start of each point, oldest first (ISO 8601).'),
  requests: z
    .array(z.object({ route: z.string(), status: z.number().int(), counts: Series }))
    .describe('Requests per point, by route pattern and HTTP status.'),
  latency: z.array(Percentiles.nullable()).describe('Latency per point; null where nothing was asked.'),
  messages: Series.describe('Messages written per point (filtered by workspace, not by key).'),
  tokens: Series.describe('Tokens of the messages written per point.'),
  queue_depth: Series.describe('Learning tasks waiting or under way, the largest sample of the point.'),
  queue_lag_seconds: Series.describe('How long the oldest queued task had waited, largest sample.'),
  tasks_learned: Series.describe('Learning tasks finished per point.'),
  revenue: z
    .array(
      z.object({
        route: z.string(),
        scheme: z.string(),
        payments: Series,
        micro_usd: Series,
      }),
    )
    .describe('Gateway payments per route and scheme; empty while no payment amounts are stored.'),
  routes: z
    .array(
      z.object({
        route: z.string(),
        requests: z.number().int(),
        statuses: z.record(z.string(), z.number().int()),
        average_ms: z.number(),
        p95_ms: z.number(),
      }),
    )
    .describe('Each route over the whole window, busiest first.'),
  totals: z.object({
    requests: z.number().int(),
    errors: z.number().int().describe('Answers with a 5xx status.'),
    messages: z.number().int(),
    tokens: z.number().int(),
    tasks_learned: z.number().int(),
    payments: z.number().int(),
    revenue_micro_usd: z.number().int(),
    average_ms: z.number().nullable(),
    latency: Percentiles.nullable(),
  }),
});
export type UsageReport = z.infer<typeof UsageReport>;

export const InstanceStatus = z.object({
  scope: z
    .string()
    .describe('`all workspaces`, or the workspace of the key (queue and webhooks are its own).'),
  version: z.string(),
  started_at: z.string().describe('When this process started.'),
  uptime_seconds: z.number(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    location: z
      .string()
      .nullable()
      .describe('The PGlite folder, or host:port/database of the server; null for a scoped key.'),
    size_bytes: z.number().int().nullable().describe('pg_database_size; null for a scoped key.'),
  }),
  vector_search: z.enum(['pgvector', 'in-memory']),
  workers: z
    .array(
      z.object({
        id: z.string(),
        reasoner: z.string(),
        host: z.string().nullable(),
        pid: z.number().int().nullable(),
        started_at: z.string(),
        last_heartbeat_at: z.string(),
        state: z.enum(['alive', 'late', 'gone']).describe('By the age of the last heartbeat.'),
        tasks_learned: z.number().int().describe('Tasks this deriver finished since it started.'),
        tasks_per_minute: z.number().describe('Over the last five minutes.'),
      }),
    )
    .describe('Every deriver seen in the last day; empty for a scoped key.'),
  queue: z.object({
    pending: z.number().int(),
    in_progress: z.number().int(),
    failed: z.number().int(),
    lag_seconds: z.number().describe('How long the oldest waiting task has waited.'),
  }),
  webhooks: z.object({
    backlog: z.number().int().describe('Deliveries not yet sent.'),
    oldest_seconds: z.number(),
    failed_last_day: z.number().int(),
  }),
});
export type InstanceStatus = z.infer<typeof InstanceStatus>;
