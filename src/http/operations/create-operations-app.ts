import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Database } from '../../engine/database/database.js';
import { MIGRATION_IDS } from '../../engine/database/migrate.js';
import type { UsageMetrics } from './usage-metrics.js';
import { withinTime } from './within-time.js';

export type OperationsOptions = {
  database: Database;
  /** Served at /metrics when given. */
  metrics?: UsageMetrics | undefined;
  /**
   * Who may read /metrics: `admin`, a request with the admin key as its bearer (the figures name
   * routes and derivers); `open`, anyone who reaches the port (a scraper on a private network).
   */
  metricsAccess: 'admin' | 'open';
  /** The platform's admin key; without one, `admin` metrics are not served at all. */
  adminKey?: string | undefined;
};

/** The paths a load balancer and a scraper call, answered before the gateway and the platform. */
export const OPERATIONS_PATHS = new Set(['/health', '/ready', '/metrics']);

/** A database that does not answer in this time is not ready (a load balancer waits for no longer). */
const READY_TIMEOUT_MS = 2000;

/**
 * GET /health: the process answers (nothing else is asked, so a slow database does not get the
 * process restarted). GET /ready: the database answers and has every migration of this version,
 * else 503 with the reason, so a load balancer sends no traffic to a process that cannot serve
 * it. GET /metrics: Prometheus text.
 */
export function createOperationsApp(options: OperationsOptions): Hono {
  const app = new Hono();
  const startedAt = Date.now();
  app.get('/health', (c) =>
    c.json({ status: 'alive', uptime_seconds: (Date.now() - startedAt) / 1000 }, 200, {
      'Cache-Control': 'no-store',
    }),
  );
  app.get('/ready', async (c) => {
    try {
      const [row] = await withinTime(
        options.database.query<{ applied: number }>(
          'SELECT count(*)::int AS applied FROM peermem_migrations WHERE id = ANY($1::text[])',
          [MIGRATION_IDS],
        ),
        READY_TIMEOUT_MS,
      );
      const missing = MIGRATION_IDS.length - (row?.applied ?? 0);
      if (missing > 0)
        return c.json({ status: 'not ready', reason: `${missing} migrations not applied yet` }, 503);
      return c.json({ status: 'ready' }, 200, { 'Cache-Control': 'no-store' });
    } catch (error) {
      return c.json({ status: 'not ready', reason: `database: ${(error as Error).message}` }, 503);
    }
  });
  const { metrics } = options;
  if (metrics !== undefined) {
    const allowed = options.metricsAccess === 'open' ? () => true : bearerIs(options.adminKey);
    app.get('/metrics', async (c) => {
      if (!allowed(c.req.header('authorization')))
        return c.json(
          {
            detail:
              'the metrics need the admin key: send Authorization: Bearer <admin key>, or set PEERMEM_METRICS=open',
          },
          401,
          { 'WWW-Authenticate': 'Bearer' },
        );
      const { contentType, text } = await metrics.render();
      return c.body(text, 200, { 'Content-Type': contentType });
    });
  }
  app.notFound((c) => c.json({ detail: 'not found' }, 404));
  return app;
}

/** Whether an Authorization header carries `key` as its bearer, compared in constant time. */
function bearerIs(key: string | undefined): (header: string | undefined) => boolean {
  if (key === undefined) return () => false;
  const expected = createHash('sha256').update(key).digest();
  return (header) => {
    const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim();
    return given !== undefined && timingSafeEqual(createHash('sha256').update(given).digest(), expected);
  };
}
