import { USAGE_WINDOWS, type UsageReport } from '../../schemas/usage.js';
import type { Database } from '../database/database.js';
import { LATENCY_BOUNDS_MS, latencyPercentiles, latencyQuantile } from './latency-buckets.js';

export type ReadUsageParameters = {
  window: keyof typeof USAGE_WINDOWS;
  /** Only this workspace; undefined: all of them. */
  workspace: string | undefined;
  /** Only the requests of this key id; undefined: every key's. */
  key: string | undefined;
  /** What the figures cover, in words, for the answer. */
  scope: string;
  /** The end of the window; now by default (a test may fix it). */
  now?: Date;
};

type RequestRow = {
  point: number;
  route: string;
  status: number;
  requests: number;
  total_ms: number;
  latency_counts: number[];
};
type PointRow = { point: number } & Record<string, number>;

/**
 * The usage of a window, a point per minute, 15 minutes or hour: requests by route and status
 * with their latency, messages and tokens written, the learning queue and what was learned. The
 * per-minute rows are summed per point in the database, so a week of many workspaces answers in
 * one pass over the week's rows.
 */
export async function readUsage(db: Database, params: ReadUsageParameters): Promise<UsageReport> {
  const { seconds, bucketSeconds } = USAGE_WINDOWS[params.window];
  const points = seconds / bucketSeconds;
  const now = (params.now ?? new Date()).getTime();
  const end = now - (now % (bucketSeconds * 1000)) + bucketSeconds * 1000;
  const start = end - seconds * 1000;
  const buckets = Array.from({ length: points }, (_, index) =>
    new Date(start + index * bucketSeconds * 1000).toISOString(),
  );
  const range = [new Date(start).toISOString(), bucketSeconds, new Date(end).toISOString()];
  const point = `floor(extract(epoch FROM minute - $1::timestamptz) / $2)::int`;
  const inWindow = `minute >= $1::timestamptz AND minute < $3::timestamptz`;
  const ofWorkspace = `($4::text IS NULL OR workspace_id = $4::text)`;
  const [requestRows, writeRows, queueRows, learnedRows] = await Promise.all([
    db.query<RequestRow>(
      `WITH r AS MATERIALIZED (
         SELECT ${point} AS point, route, status, requests, total_ms, latency_counts FROM usage_requests
         WHERE ${inWindow} AND ${ofWorkspace} AND ($5::text IS NULL OR key_id = $5::text)
       ),
       totals AS (
         SELECT point, route, status, sum(requests)::float8 AS requests, sum(total_ms)::float8 AS total_ms
         FROM r GROUP BY point, route, status
       ),
       each_bucket AS (
         SELECT point, route, status, i, sum(c)::float8 AS c
         FROM r CROSS JOIN LATERAL unnest(r.latency_counts) WITH ORDINALITY AS u(c, i)
         GROUP BY point, route, status, i
       ),
       latency AS (
         SELECT point, route, status, array_agg(c ORDER BY i) AS latency_counts FROM each_bucket
         GROUP BY point, route, status
       )
       SELECT t.point, t.route, t.status::int AS status, t.requests, t.total_ms, l.latency_counts
       FROM totals t JOIN latency l USING (point, route, status)`,
      [...range, params.workspace ?? null, params.key ?? null],
    ),
    db.query<PointRow>(
      `SELECT ${point} AS point, sum(messages)::float8 AS messages, sum(tokens)::float8 AS tokens
       FROM usage_writes WHERE ${inWindow} AND ${ofWorkspace} GROUP BY 1`,
      [...range, params.workspace ?? null],
    ),
    db.query<PointRow>(
      // Summed over workspaces within a minute, then the largest minute of each point.
      `SELECT ${point} AS point, max(depth)::float8 AS depth, max(lag_seconds)::float8 AS lag_seconds
       FROM (SELECT minute, sum(depth) AS depth, max(lag_seconds) AS lag_seconds FROM usage_queue
             WHERE ${inWindow} AND ${ofWorkspace} GROUP BY minute) per_minute
       GROUP BY 1`,
      [...range, params.workspace ?? null],
    ),
    db.query<PointRow>(
      `SELECT floor(extract(epoch FROM finished_at - $1::timestamptz) / $2)::int AS point, count(*)::float8 AS tasks
       FROM derivation_tasks
       WHERE status = 'done' AND finished_at >= $1::timestamptz AND finished_at < $3::timestamptz AND ${ofWorkspace}
       GROUP BY 1`,
      [...range, params.workspace ?? null],
    ),
  ]);

  const series = (rows: PointRow[], field: string) => {
    const values = new Array<number>(points).fill(0);
    for (const row of rows) if (row.point >= 0 && row.point < points) values[row.point] = row[field] ?? 0;
    return values;
  };
  const emptyCounts = () => new Array<number>(LATENCY_BOUNDS_MS.length + 1).fill(0);
  const addCounts = (into: number[], counts: readonly number[]) => {
    for (const [index, count] of counts.entries()) into[index] = (into[index] ?? 0) + count;
  };

  const bySeries = new Map<string, { route: string; status: number; counts: number[] }>();
  const byRoute = new Map<
    string,
    { requests: number; total_ms: number; statuses: Record<string, number>; latency: number[] }
  >();
  const byPoint = Array.from({ length: points }, emptyCounts);
  const allLatency = emptyCounts();
  let totalMs = 0;
  for (const row of requestRows) {
    if (row.point < 0 || row.point >= points) continue;
    const seriesKey = `${row.route} ${row.status}`;
    const found = bySeries.get(seriesKey) ?? {
      route: row.route,
      status: row.status,
      counts: new Array(points).fill(0),
    };
    found.counts[row.point] = (found.counts[row.point] ?? 0) + row.requests;
    bySeries.set(seriesKey, found);
    const route = byRoute.get(row.route) ?? {
      requests: 0,
      total_ms: 0,
      statuses: {},
      latency: emptyCounts(),
    };
    route.requests += row.requests;
    route.total_ms += row.total_ms;
    route.statuses[row.status] = (route.statuses[row.status] ?? 0) + row.requests;
    addCounts(route.latency, row.latency_counts);
    byRoute.set(row.route, route);
    addCounts(byPoint[row.point] ?? [], row.latency_counts);
    addCounts(allLatency, row.latency_counts);
    totalMs += row.total_ms;
  }
  const routes = [...byRoute.entries()]
    .map(([route, figures]) => ({
      route,
      requests: figures.requests,
      statuses: figures.statuses,
      average_ms: figures.total_ms / figures.requests,
      p95_ms: latencyQuantile(figures.latency, 0.95),
    }))
    .sort((a, b) => b.requests - a.requests || a.route.localeCompare(b.route));
  const totalRequests = routes.reduce((sum, route) => sum + route.requests, 0);
  const errors = requestRows.reduce((sum, row) => sum + (row.status >= 500 ? row.requests : 0), 0);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const messages = series(writeRows, 'messages');
  const tokens = series(writeRows, 'tokens');
  const tasksLearned = series(learnedRows, 'tasks');
  return {
    bucket_seconds: bucketSeconds,
    scope: params.scope,
    buckets,
    requests: [...bySeries.values()].sort((a, b) => a.route.localeCompare(b.route) || a.status - b.status),
    latency: byPoint.map(latencyPercentiles),
    messages,
    tokens,
    queue_depth: series(queueRows, 'depth'),
    queue_lag_seconds: series(queueRows, 'lag_seconds'),
    tasks_learned: tasksLearned,
    // No table holds what a payment was worth yet: nothing to show, rather than a guess.
    revenue: [],
    routes,
    totals: {
      requests: totalRequests,
      errors,
      messages: sum(messages),
      tokens: sum(tokens),
      tasks_learned: sum(tasksLearned),
      payments: 0,
      revenue_micro_usd: 0,
      average_ms: totalRequests === 0 ? null : totalMs / totalRequests,
      latency: latencyPercentiles(allLatency),
    },
  };
}
