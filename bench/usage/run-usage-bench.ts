import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { createUsageRecorder } from '../../src/engine/usage/usage-recorder.js';
import { parseBenchFlags } from '../parse-bench-flags.js';
import { startServe } from '../start-serve.js';

const USAGE = `Usage: npm run bench:usage -- [--requests N] [--only pglite|postgres]

What recording usage costs a request: two \`peermem serve\` processes side by side (admin key, rate
limit and learning off), one recording usage (--usage-days 30) and one not (--usage-days 0), each
on a database of its own, called in turn one request at a time, so that the machine's other load
falls on both alike. Three requests are measured: a read (POST .../peers/list), a write of one
message, and a request refused with 401. Then, in this process, the recorder alone: the time to
count one request, and to write a flush of many rows to PGlite.
  --requests N   requests of each kind per server (2000)
  --only WHAT    pglite, postgres (both), or recorder (the recorder alone)`;

const POSTGRES_SERVER = 'postgres://postgres@127.0.0.1:5432';
const WARMUP = 100;

const flags = parseBenchFlags(
  process.argv.slice(2),
  { requests: { type: 'string' }, only: { type: 'string' } },
  USAGE,
);
const REQUESTS = Number(flags.requests ?? 2000);
if (!Number.isInteger(REQUESTS) || REQUESTS < 1)
  throw new Error(`--requests must be a positive integer\n${USAGE}`);
if (flags.only !== undefined && !['pglite', 'postgres', 'recorder'].includes(flags.only))
  throw new Error(`--only must be pglite, postgres or recorder, not ${flags.only}\n${USAGE}`);
type Database = 'pglite' | 'postgres';
const DATABASES: Database[] =
  flags.only === 'recorder' ? [] : flags.only ? [flags.only as Database] : ['pglite', 'postgres'];

/** A fresh place for one server's memory: a PGlite folder or a Postgres database; removed after. */
async function freshStore(database: Database, name: string) {
  if (database === 'pglite') {
    const folder = await mkdtemp(join(tmpdir(), 'peermem-usage-bench-'));
    return { env: { PEERMEM_DATA_DIR: folder }, remove: () => rm(folder, { recursive: true, force: true }) };
  }
  const admin = postgres(`${POSTGRES_SERVER}/postgres`, { max: 1, onnotice: () => {} });
  const drop = () => admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await drop();
  await admin.unsafe(`CREATE DATABASE ${name}`);
  return {
    env: { DATABASE_URL: `${POSTGRES_SERVER}/${name}` },
    remove: async () => {
      await drop();
      await admin.end();
    },
  };
}

type Kind = 'read' | 'write' | 'refused';
const KINDS: Kind[] = ['read', 'write', 'refused'];

/** One request of a kind; fails on an answer other than the one expected. */
async function send(base: string, key: string, kind: Kind, index: number): Promise<void> {
  const post = (path: string, body: unknown, bearer = key) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const response =
    kind === 'read'
      ? await post('/v3/workspaces/bench/peers/list', {})
      : kind === 'write'
        ? await post('/v3/workspaces/bench/sessions/talk/messages', {
            messages: [{ peer_id: index % 2 === 0 ? 'ann' : 'ben', content: `Message ${index} of the run.` }],
          })
        : await post('/v3/workspaces/bench/peers/list', {}, 'not-a-key-of-this-server');
  await response.arrayBuffer();
  const expected = kind === 'refused' ? 401 : 200;
  if (response.status !== expected) throw new Error(`${kind}: ${response.status}, expected ${expected}`);
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

async function measure(database: Database) {
  const key = randomBytes(24).toString('hex');
  const suffix = randomBytes(3).toString('hex');
  const stores = await Promise.all([
    freshStore(database, `peermem_usage_bench_on_${suffix}`),
    freshStore(database, `peermem_usage_bench_off_${suffix}`),
  ]);
  const common = { PEERMEM_ADMIN_KEY: key, PEERMEM_PLATFORM_RATE_LIMIT: '0', PEERMEM_DERIVER: 'off' };
  const [on, off] = await Promise.all([
    startServe({ ...common, ...stores[0]?.env, PEERMEM_USAGE_DAYS: '30' }),
    startServe({ ...common, ...stores[1]?.env, PEERMEM_USAGE_DAYS: '0' }),
  ]);
  try {
    const servers = { on, off };
    for (const server of [on, off]) {
      const post = (path: string, body: unknown) =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.arrayBuffer());
      await post('/v3/workspaces', { id: 'bench' });
      await post('/v3/workspaces/bench/sessions', { id: 'talk', peers: { ann: {}, ben: {} } });
    }
    const samples: Record<'on' | 'off', Record<Kind, number[]>> = {
      on: { read: [], write: [], refused: [] },
      off: { read: [], write: [], refused: [] },
    };
    for (let index = 0; index < WARMUP + REQUESTS; index++)
      // In turn, and each pair in an order that alternates, so that neither is always first.
      for (const kind of KINDS)
        for (const name of index % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
          const started = performance.now();
          await send(servers[name].url, key, kind, index);
          if (index >= WARMUP) samples[name][kind].push(performance.now() - started);
        }
    const summary = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
    };
    const recorded = await fetch(`${on.url}/v3/usage`, { headers: { Authorization: `Bearer ${key}` } }).then(
      (response) => response.json() as Promise<{ totals: { requests: number } }>,
    );
    return {
      database,
      kinds: Object.fromEntries(
        KINDS.map((kind) => [kind, { on: summary(samples.on[kind]), off: summary(samples.off[kind]) }]),
      ) as Record<Kind, { on: { p50: number; p95: number }; off: { p50: number; p95: number } }>,
      recorded: recorded.totals.requests,
    };
  } finally {
    await Promise.all([on.stop(), off.stop()]);
    for (const store of stores) await store.remove();
  }
}

const ms = (value: number) => value.toFixed(2);
const LABELS: Record<Kind, string> = {
  read: 'POST /v3/workspaces/{w}/peers/list',
  write: 'POST .../sessions/{s}/messages, one message',
  refused: 'POST .../peers/list with an unknown key (401)',
};

/**
 * The recorder's own costs, apart from HTTP and the machine's load: counting a request (what a
 * request pays) and one flush of the rows of many routes, workspaces and keys (paid every few
 * seconds, off the requests' path).
 */
async function measureRecorder() {
  const db = openDatabase({ kind: 'memory' });
  await db.query('SELECT 1');
  const recorder = createUsageRecorder(db, { retentionDays: 30, flushMs: 3600_000, log: console.error });
  const calls = 200_000;
  const started = performance.now();
  for (let index = 0; index < calls; index++)
    recorder.request(
      {
        route: `POST /v3/workspaces/{workspace_id}/route-${index % 20}`,
        status: index % 50 === 0 ? 404 : 200,
        workspace: `workspace-${index % 97}`,
        key: `key-${index % 7}`,
      },
      index % 300,
    );
  const perCallNs = ((performance.now() - started) * 1e6) / calls;
  const flushStarted = performance.now();
  await recorder.flush();
  const flushMs = performance.now() - flushStarted;
  const [row] = await db.query<{ rows: number }>('SELECT count(*)::int AS rows FROM usage_requests');
  await recorder.stop();
  await db.close();
  return { calls, perCallNs, flushMs, rows: row?.rows ?? 0 };
}

console.log(
  `usage recording, ${REQUESTS} requests of each kind per server after ${WARMUP} unmeasured; ${cpus().length} cores, Node ${process.versions.node}, load average ${loadavg()[0]?.toFixed(1)} at the start`,
);
for (const database of DATABASES) {
  const result = await measure(database);
  console.log(`\n${database} (the recording server counted ${result.recorded} requests)`);
  console.log('| request | recording off: p50 / p95 ms | recording on: p50 / p95 ms |');
  console.log('| --- | --- | --- |');
  for (const kind of KINDS) {
    const { on, off } = result.kinds[kind];
    console.log(`| ${LABELS[kind]} | ${ms(off.p50)} / ${ms(off.p95)} | ${ms(on.p50)} / ${ms(on.p95)} |`);
  }
}

const recorder = await measureRecorder();
console.log(
  `\nthe recorder alone: ${Math.round(recorder.perCallNs)} ns to count a request (${recorder.calls.toLocaleString('en')} counted); one flush of ${recorder.rows.toLocaleString('en')} minute rows to PGlite: ${Math.round(recorder.flushMs)} ms`,
);
