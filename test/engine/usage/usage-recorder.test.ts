import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/engine/database/database.js';
import { openDatabase } from '../../../src/engine/database/open-database.js';
import { readUsage } from '../../../src/engine/usage/read-usage.js';
import { createUsageRecorder } from '../../../src/engine/usage/usage-recorder.js';
import { createIsolatedDatabase } from '../../support/postgres.js';
import { startProxy } from '../../support/tcp-proxy.js';
import { openTestDatabase } from '../../support/test-database.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The real database, with a count of the statements sent to it: how many flushes were tried. */
function counting(db: Database): Database & { statements: () => number } {
  let statements = 0;
  return {
    kind: db.kind,
    query: (text, params) => {
      statements += 1;
      return db.query(text, params);
    },
    close: () => db.close(),
    statements: () => statements,
  };
}

const report = (db: Database) =>
  readUsage(db, { window: 'hour', workspace: undefined, key: undefined, scope: 'all workspaces' });

describe('the usage recorder', () => {
  it.each(['pglite', 'postgres'] as const)(
    'adds to the minute rows: two recorders on one %s database sum up, latency in its bucket',
    async (kind) => {
      const db = await openTestDatabase(kind, 'usage_recorder');
      cleanups.push(() => db.close());
      const log: string[] = [];
      const recorders = [0, 1].map(() =>
        createUsageRecorder(db, { retentionDays: 30, flushMs: 60_000, log: (line) => log.push(line) }),
      );
      const labels = { route: 'GET /v3/things/{id}', status: 200, workspace: 'w', key: 'k1' };
      for (const recorder of recorders) {
        recorder.request(labels, 3);
        recorder.request(labels, 70);
        recorder.request({ ...labels, status: 503 }, 20_000);
        recorder.messagesWritten('w', 2, 11);
        await recorder.flush();
      }
      recorders[0]?.request(labels, 7);
      await recorders[0]?.stop();
      await recorders[1]?.stop();

      const found = await report(db);
      expect(found.routes).toEqual([
        {
          route: 'GET /v3/things/{id}',
          requests: 7,
          statuses: { 200: 5, 503: 2 },
          average_ms: (2 * (3 + 70 + 20_000) + 7) / 7,
          p95_ms: 10_000,
        },
      ]);
      expect(found.totals).toMatchObject({ requests: 7, errors: 2, messages: 4, tokens: 22 });
      // 3 and 7 ms fall in the buckets up to 5 and 10 ms, 70 in the one up to 100: the median is in the latter.
      expect(found.totals.latency?.p50_ms).toBeGreaterThan(50);
      expect(found.totals.latency?.p50_ms).toBeLessThanOrEqual(100);
      expect(log).toEqual([]);
    },
  );

  it('writes a burst of many distinct rows in slices, every one of them', async () => {
    const db = await openTestDatabase('postgres', 'usage_recorder_slices');
    cleanups.push(() => db.close());
    const recorder = createUsageRecorder(db, { retentionDays: 30, flushMs: 60_000, log: () => {} });
    for (let index = 0; index < 2500; index++)
      recorder.request({ route: `GET /v3/route-${index}`, status: 200, workspace: `w${index % 3}` }, 1);
    await recorder.stop();
    const found = await report(db);
    expect([found.totals.requests, found.routes.length]).toEqual([2500, 2500]);
  });

  it('deletes the rows older than the days it keeps, and only those', async () => {
    const db = await openTestDatabase('postgres', 'usage_recorder_retention');
    cleanups.push(() => db.close());
    for (const days of [40, 10])
      await db.query(
        `INSERT INTO usage_requests VALUES (date_trunc('minute', now()) - make_interval(days => $1), 'GET /v3/old', 200, '', '', 1, 1, '{1,0,0,0,0,0,0,0,0,0,0,0}')`,
        [days],
      );
    const recorder = createUsageRecorder(db, { retentionDays: 30, flushMs: 60_000, log: () => {} });
    await recorder.stop();
    const left = await db.query<{ days: number }>(
      `SELECT round(extract(epoch FROM now() - minute) / 86400)::int AS days FROM usage_requests`,
    );
    expect(left).toEqual([{ days: 10 }]);
  });

  it('keeps what it counted while the database is away, logs that once, and writes it when it is back', async () => {
    const url = new URL(await createIsolatedDatabase('usage_recorder_fault'));
    const proxy = await startProxy({ host: url.hostname, port: Number(url.port || 5432) });
    cleanups.push(proxy.cut);
    const db = counting(
      openDatabase({
        kind: 'postgres',
        url: `postgres://${url.username}@127.0.0.1:${proxy.port()}${url.pathname}`,
      }),
    );
    cleanups.push(() => db.close());
    const log: string[] = [];
    const recorder = createUsageRecorder(db, {
      retentionDays: 30,
      flushMs: 20,
      log: (line) => log.push(line),
    });
    cleanups.push(() => recorder.stop());
    const labels = { route: 'POST /v3/workspaces', status: 200 };
    recorder.request(labels, 12);
    await expect.poll(async () => (await report(db)).totals.requests).toBe(1);

    await proxy.cut();
    recorder.request(labels, 14);
    recorder.request(labels, 16);
    const before = db.statements();
    // Four tries at least, backing off: still one line.
    await expect.poll(() => db.statements() - before, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^peermem: usage: could not record usage \(.+\); the figures are kept in memory/);

    await proxy.restore();
    await expect.poll(() => log.length, { timeout: 30_000 }).toBe(2);
    expect(log[1]).toBe('peermem: usage: recorded again');
    expect((await report(db)).totals.requests).toBe(3);
  }, 60_000);
});
