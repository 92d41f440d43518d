import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageReport } from '../../../src/schemas/usage.js';
import {
  PLATFORM_ADMIN_KEY,
  type PlatformServer,
  startPlatformServer,
} from '../../support/platform-serve.js';
import { createIsolatedDatabase } from '../../support/postgres.js';

const ADMIN = { Authorization: `Bearer ${PLATFORM_ADMIN_KEY}` };

/** A request the test made: its route pattern as the usage names it, and the status it got. */
type Made = { route: string; status: number; workspace: string };

/** Calls a route of the platform by its pattern, and notes what was made. */
function client(server: PlatformServer, made: Made[]) {
  return async (
    method: 'GET' | 'POST',
    pattern: string,
    params: Record<string, string>,
    options: { body?: unknown; key?: string; query?: string } = {},
  ) => {
    const path =
      pattern.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? '')) +
      (options.query ?? '');
    const response = await fetch(`${server.baseURL}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${options.key ?? PLATFORM_ADMIN_KEY}`,
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    made.push({
      route: `${method} ${pattern}`,
      status: response.status,
      workspace: params.workspace_id ?? '',
    });
    return response;
  };
}

/** Requests per route and status, as the usage answers them, leaving out the reads of the usage. */
function countsOf(report: UsageReport): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const route of report.routes)
    for (const [status, count] of Object.entries(route.statuses))
      if (!route.route.endsWith('/v3/usage')) counts[`${route.route} ${status}`] = count;
  return counts;
}

function expectedCounts(made: readonly Made[], only?: (made: Made) => boolean): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const request of made.filter(only ?? (() => true)))
    counts[`${request.route} ${request.status}`] = (counts[`${request.route} ${request.status}`] ?? 0) + 1;
  return counts;
}

async function usage(server: PlatformServer, query = '', key?: string) {
  return fetch(`${server.baseURL}/v3/usage${query}`, {
    headers: { Authorization: `Bearer ${key ?? PLATFORM_ADMIN_KEY}` },
  });
}

/** A little of everything: two workspaces, their peers and sessions, messages, a 422 and a 401. */
async function makeRequests(call: ReturnType<typeof client>, tag: string) {
  const [a, b] = [`${tag}-a`, `${tag}-b`];
  for (const workspace of [a, b, a]) await call('POST', '/v3/workspaces', {}, { body: { id: workspace } });
  for (const peer of ['ada', 'bob'])
    await call('POST', '/v3/workspaces/{workspace_id}/peers', { workspace_id: a }, { body: { id: peer } });
  await call('POST', '/v3/workspaces/{workspace_id}/peers', { workspace_id: b }, { body: { id: 'cy' } });
  await call('POST', '/v3/workspaces/{workspace_id}/sessions', { workspace_id: a }, { body: { id: 's1' } });
  await call(
    'POST',
    '/v3/workspaces/{workspace_id}/sessions/{session_id}/messages',
    { workspace_id: a, session_id: 's1' },
    {
      body: {
        messages: [
          { peer_id: 'ada', content: 'I moved to Lisbon last spring.' },
          { peer_id: 'bob', content: 'How do you like it there?' },
        ],
      },
    },
  );
  const refused = await call(
    'POST',
    '/v3/workspaces/{workspace_id}/peers',
    { workspace_id: b },
    { body: { id: '' } },
  );
  expect(refused.status).toBe(422);
  const unknown = await call(
    'POST',
    '/v3/workspaces/{workspace_id}/peers/list',
    { workspace_id: a },
    { key: 'not-a-key-of-this-server-0123456789' },
  );
  expect(unknown.status).toBe(401);
  for (let i = 0; i < 3; i++)
    await call('POST', '/v3/workspaces/{workspace_id}/peers/list', { workspace_id: b }, { body: {} });
  return { a, b };
}

/** Prometheus text format: `name{labels} value` lines, `# HELP` and `# TYPE` comments. */
function parsePrometheus(text: string) {
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null) throw new Error(`not a Prometheus sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[name as string] = (value as string).replace(/\\(.)/g, '$1');
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

describe.each(['pglite', 'postgres'] as const)('usage recorded by serve over %s', (database) => {
  let server: PlatformServer;
  const made: Made[] = [];
  let workspaces: { a: string; b: string };

  beforeAll(async () => {
    server = await startPlatformServer(database, 'usage_recording');
    workspaces = await makeRequests(client(server, made), 'one');
  }, 120_000);
  afterAll(async () => server?.stop());

  it('counts each request the test made, by route pattern and status, with its latency', async () => {
    const response = await usage(server);
    expect(response.status).toBe(200);
    const report = (await response.json()) as UsageReport;
    expect(countsOf(report)).toEqual(expectedCounts(made));
    expect(report.scope).toBe('all workspaces');
    expect(report.bucket_seconds).toBe(60);
    expect(report.buckets).toHaveLength(60);
    expect(report.totals.messages).toBe(2);
    expect(report.totals.tokens).toBeGreaterThan(2);
    expect(report.totals.errors).toBe(0);
    expect(report.totals.latency?.p50_ms).toBeGreaterThan(0);
    for (const series of report.requests) expect(series.counts).toHaveLength(60);
    // Every request fell in the last minute or two, and the series add up to the routes.
    const seriesTotal = report.requests
      .filter((series) => !series.route.endsWith('/v3/usage'))
      .reduce((sum, series) => sum + series.counts.reduce((a, b) => a + b, 0), 0);
    expect(seriesTotal).toBe(made.length);
  });

  it('answers a day and a week in points of 15 minutes and an hour, and filters by workspace and key', async () => {
    const day = (await (await usage(server, '?window=day')).json()) as UsageReport;
    expect([day.bucket_seconds, day.buckets.length]).toEqual([900, 96]);
    expect(countsOf(day)).toEqual(expectedCounts(made));
    const week = (await (await usage(server, '?window=week')).json()) as UsageReport;
    expect([week.bucket_seconds, week.buckets.length]).toEqual([3600, 168]);

    const ofB = (await (await usage(server, `?workspace_id=${workspaces.b}`)).json()) as UsageReport;
    expect(countsOf(ofB)).toEqual(expectedCounts(made, (request) => request.workspace === workspaces.b));
    expect(ofB.totals.messages).toBe(0);
    const ofAdmin = (await (await usage(server, '?key_id=configured')).json()) as UsageReport;
    expect(countsOf(ofAdmin)).toEqual(expectedCounts(made, (request) => request.status !== 401));

    const bad = await usage(server, '?window=year');
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain('window');
  });

  it('shows a workspace key its own workspace alone, and refuses it another', async () => {
    const call = client(server, made);
    const created = await call('POST', '/v3/keys', {}, { query: `?workspace_id=${workspaces.b}` });
    expect(created.status).toBe(200);
    const { key, id } = (await created.json()) as { key: string; id: string };
    const listed = await call(
      'POST',
      '/v3/workspaces/{workspace_id}/peers/list',
      { workspace_id: workspaces.b },
      { key, body: {} },
    );
    expect(listed.status).toBe(200);

    const own = (await (await usage(server, '', key)).json()) as UsageReport;
    expect(own.scope).toBe(`workspace ${workspaces.b}`);
    expect(countsOf(own)).toEqual(expectedCounts(made, (request) => request.workspace === workspaces.b));
    const byKey = (await (await usage(server, `?key_id=${id}`, key)).json()) as UsageReport;
    expect(countsOf(byKey)).toEqual({ 'POST /v3/workspaces/{workspace_id}/peers/list 200': 1 });

    expect((await usage(server, `?workspace_id=${workspaces.a}`, key)).status).toBe(403);
    const status = await fetch(`${server.baseURL}/v3/status`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(status.status).toBe(200);
    const found = (await status.json()) as {
      scope: string;
      workers: unknown[];
      database: { location: unknown };
    };
    expect(found.scope).toBe(`workspace ${workspaces.b}`);
    expect(found.workers).toEqual([]);
    expect(found.database.location).toBeNull();
  });

  it('reports the instance: version, database, the deriver with its heartbeat, the queue and webhooks', async () => {
    const response = await fetch(`${server.baseURL}/v3/status`, { headers: ADMIN });
    expect(response.status).toBe(200);
    const status = (await response.json()) as { database: { location: unknown }; uptime_seconds: number };
    expect(status).toMatchObject({
      scope: 'all workspaces',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      database: { kind: database, size_bytes: expect.any(Number) },
      vector_search: database === 'pglite' ? 'pgvector' : 'in-memory',
      webhooks: { backlog: 0, failed_last_day: 0 },
    });
    expect(status.database.location).toBeTypeOf('string');
    expect(status.uptime_seconds).toBeGreaterThan(0);
    await expect
      .poll(
        async () => {
          const again = (await (await fetch(`${server.baseURL}/v3/status`, { headers: ADMIN })).json()) as {
            workers: { tasks_learned: number }[];
          };
          return again.workers[0]?.tasks_learned;
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    const learned = (await (await fetch(`${server.baseURL}/v3/status`, { headers: ADMIN })).json()) as {
      workers: unknown[];
    };
    expect(learned.workers).toHaveLength(1);
    expect(learned.workers[0]).toMatchObject({
      state: 'alive',
      pid: expect.any(Number),
      tasks_per_minute: 0.2,
    });
    const openapi = (await (await fetch(`${server.baseURL}/openapi.json`)).json()) as { paths: object };
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/v3/usage', '/v3/status']));
  });

  it('serves Prometheus text at /metrics to the admin key, and /health and /ready to anyone', async () => {
    expect((await fetch(`${server.baseURL}/metrics`)).status).toBe(401);
    const response = await fetch(`${server.baseURL}/metrics`, { headers: ADMIN });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const samples = parsePrometheus(await response.text());
    const counted: Record<string, number> = {};
    for (const sample of samples)
      if (sample.name === 'peermem_http_requests_total' && !sample.labels.route?.endsWith('/v3/usage'))
        counted[`${sample.labels.route} ${sample.labels.status}`] = sample.value;
    const expected = expectedCounts(made);
    for (const [route, count] of Object.entries(expected)) expect(counted[route]).toBe(count);
    const value = (name: string) => samples.find((sample) => sample.name === name)?.value;
    expect(value('peermem_messages_written_total')).toBe(2);
    expect(value('peermem_database_up')).toBe(1);
    expect(value('peermem_learning_queue_tasks')).toBeTypeOf('number');
    const count = samples.find(
      (sample) =>
        sample.name === 'peermem_http_request_duration_seconds_count' &&
        sample.labels.route === 'POST /v3/workspaces',
    );
    expect(count?.value).toBe(3);

    const health = await fetch(`${server.baseURL}/health`);
    expect([health.status, ((await health.json()) as { status: string }).status]).toEqual([200, 'alive']);
    const ready = await fetch(`${server.baseURL}/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
  });
});

describe('two serve processes on one Postgres database', () => {
  const servers: PlatformServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it('add their figures up, each minute row summed across processes', async () => {
    const databaseUrl = await createIsolatedDatabase('usage_two');
    servers.push(await startPlatformServer('postgres', 'usage_two', { databaseUrl }));
    servers.push(await startPlatformServer('postgres', 'usage_two', { databaseUrl }));
    const [first, second] = servers as [PlatformServer, PlatformServer];
    const made: Made[] = [];
    // Interleaved, so that both write rows of the same minutes, routes and statuses.
    await makeRequests(client(first, made), 'two');
    await makeRequests(client(second, made), 'two');
    await makeRequests(client(first, made), 'two');
    // The second writes what it counted when it stops; the first, when asked for the usage.
    await second.stop();
    const report = (await (await usage(first)).json()) as UsageReport;
    expect(countsOf(report)).toEqual(expectedCounts(made));
    expect(report.totals.messages).toBe(6);
  }, 180_000);
});
