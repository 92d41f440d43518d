import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { type Conversation, loadLocomo } from '../locomo/load-locomo.js';
import { LOCOMO_FILE } from '../locomo/locomo-file.js';
import { type Latency, measureLatency } from '../measure-latency.js';
import { parseBenchFlags } from '../parse-bench-flags.js';
import { runScript } from '../run-script.js';
import { type ServeProcess as Server, startServe } from '../start-serve.js';

const USAGE = `Usage: npm run bench:platform -- [--messages N] [--requests N] [--only pglite|postgres]

The platform API of \`peermem serve\` (admin key, learning on, rate limit off) over plain HTTP: real LoCoMo turns
POSTed in batches of 100 up to N messages in one workspace (messages/s overall and per 10k), then
GET session context p50/p95 at that size, with the deriver's backlog at that moment.
  --messages N   messages written (100000)
  --requests N   context requests measured (200)
  --only DB      pglite or postgres (both)`;

const POSTGRES_SERVER = 'postgres://postgres@127.0.0.1:5432';
const POSTGRES_DATABASE = 'peermem_platform_bench';
const BATCH = 100;
const STEP = 10_000;
const WORKSPACE = 'bench';
/** Each pass over the dataset is dated this much later, so repeated turns stay in order. */
const PASS_SPACING_MS = 400 * 24 * 3600 * 1000;

type Database = 'pglite' | 'postgres';
type Outcome = {
  database: Database;
  messages: number;
  writeSeconds: number;
  /** Messages/s between two counts (each step ends at the batch that crosses a multiple of 10k). */
  perStep: { from: number; to: number; rate: number }[];
  batchLatency: Latency;
  context: Latency;
  contextWithTarget: Latency;
  /** The deriver's tasks (the queue status route's work units) right after the last write. */
  backlog: { total: number; completed: number; pending: number; inProgress: number };
  /** Tasks completed per second while context was measured, after the writes. */
  drainPerSecond: number;
};

const flags = parseBenchFlags(
  process.argv.slice(2),
  { messages: { type: 'string' }, requests: { type: 'string' }, only: { type: 'string' } },
  USAGE,
);
const MESSAGES = Number(flags.messages ?? 100_000);
const REQUESTS = Number(flags.requests ?? 200);
if (!Number.isInteger(MESSAGES) || MESSAGES < BATCH)
  throw new Error(`--messages must be an integer of at least ${BATCH}\n${USAGE}`);
if (!Number.isInteger(REQUESTS) || REQUESTS < 1)
  throw new Error(`--requests must be a positive integer\n${USAGE}`);
if (flags.only !== undefined && flags.only !== 'pglite' && flags.only !== 'postgres')
  throw new Error(`--only must be pglite or postgres, not ${flags.only}\n${USAGE}`);
const DATABASES: Database[] = flags.only ? [flags.only as Database] : ['pglite', 'postgres'];

/** A peer id from a speaker's name (ids are plain words). */
const peerId = (name: string) => name.toLowerCase().replace(/[^a-z0-9_-]+/g, '-');

/**
 * The dataset as sessions of 100-message batches: one session per conversation and pass over the
 * dataset, its turns in order, each pass dated later than the one before.
 */
function* sessionsOf(conversations: readonly Conversation[]) {
  for (let pass = 0; ; pass++)
    for (const conversation of conversations) {
      const turns = conversation.sessions.flatMap((session) =>
        session.turns.map((turn, index) => ({
          peer_id: peerId(turn.speaker),
          content: turn.text,
          created_at: new Date(
            session.startsAt.getTime() + pass * PASS_SPACING_MS + index * 1000,
          ).toISOString(),
        })),
      );
      yield { id: `${conversation.id}-pass${pass}`, peers: conversation.speakers.map(peerId), turns };
    }
}

/** A platform client over fetch with the admin key; any status but 2xx fails with the answer's body. */
function platform(base: string, key: string) {
  return async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
    return text === '' ? undefined : JSON.parse(text);
  };
}

async function benchmark(database: Database, conversations: readonly Conversation[]): Promise<Outcome> {
  const key = randomBytes(24).toString('hex');
  // The per-key rate limit (50 requests/s by default) is off: this measures the server, not the limiter.
  const env: Record<string, string> = { PEERMEM_ADMIN_KEY: key, PEERMEM_PLATFORM_RATE_LIMIT: '0' };
  let cleanup: () => Promise<void>;
  if (database === 'pglite') {
    const folder = await mkdtemp(join(tmpdir(), 'peermem-bench-platform-'));
    env.PEERMEM_DATA_DIR = folder;
    cleanup = () => rm(folder, { recursive: true, force: true });
  } else {
    const admin = postgres(`${POSTGRES_SERVER}/postgres`, { max: 1, onnotice: () => {}, connect_timeout: 5 });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${POSTGRES_DATABASE} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${POSTGRES_DATABASE}`);
    await admin.end({ timeout: 1 });
    env.DATABASE_URL = `${POSTGRES_SERVER}/${POSTGRES_DATABASE}`;
    cleanup = async () => {
      const sql = postgres(`${POSTGRES_SERVER}/postgres`, { max: 1, onnotice: () => {}, connect_timeout: 5 });
      await sql.unsafe(`DROP DATABASE IF EXISTS ${POSTGRES_DATABASE} WITH (FORCE)`);
      await sql.end({ timeout: 1 });
    };
  }
  let server: Server | undefined;
  try {
    server = await startServe(env);
    const call = platform(server.url, key);
    const w = `/v3/workspaces/${WORKSPACE}`;
    const queueStatus = async () => {
      const status = (await call('GET', `${w}/queue/status`)) as Record<string, number>;
      return {
        at: performance.now(),
        total: status.total_work_units ?? 0,
        completed: status.completed_work_units ?? 0,
        pending: status.pending_work_units ?? 0,
        inProgress: status.in_progress_work_units ?? 0,
      };
    };
    await call('POST', '/v3/workspaces', { id: WORKSPACE });

    const batchTimes: number[] = [];
    const perStep: Outcome['perStep'] = [];
    const sessions = sessionsOf(conversations);
    let written = 0;
    let lastSession = { id: '', peers: [] as string[] };
    const started = performance.now();
    let stepStarted = started;
    let stepFrom = 0;
    while (written < MESSAGES) {
      const session = sessions.next().value;
      if (!session) break;
      // Session and peers are set up inside the timed run: an application creates them as it goes.
      await call('POST', `${w}/sessions`, {
        id: session.id,
        peers: Object.fromEntries(session.peers.map((p) => [p, {}])),
      });
      lastSession = session;
      for (let at = 0; at < session.turns.length && written < MESSAGES; at += BATCH) {
        const batch = session.turns.slice(at, Math.min(at + BATCH, at + MESSAGES - written));
        const before = performance.now();
        await call('POST', `${w}/sessions/${session.id}/messages`, { messages: batch });
        const after = performance.now();
        batchTimes.push(after - before);
        const stepBefore = Math.floor(written / STEP);
        written += batch.length;
        if (Math.floor(written / STEP) > stepBefore || written === MESSAGES) {
          const rate = (written - stepFrom) / ((after - stepStarted) / 1000);
          perStep.push({ from: stepFrom, to: written, rate });
          stepFrom = written;
          stepStarted = after;
          console.error(`[bench:platform] ${database}: ${written} messages, ${rate.toFixed(0)}/s`);
        }
      }
    }
    const writeSeconds = (performance.now() - started) / 1000;
    const backlog = await queueStatus();
    const contextPath = `${w}/sessions/${lastSession.id}/context`;
    const options = { warmup: 10, iterations: REQUESTS, timeLimitMs: 300_000 };
    console.error(`[bench:platform] ${database}: context ...`);
    const context = await measureLatency(() => call('GET', `${contextPath}?tokens=2000`), options);
    const target = lastSession.peers[0] ?? '';
    const contextWithTarget = await measureLatency(
      () =>
        call('GET', `${contextPath}?tokens=2000&peer_target=${target}&search_query=what%20did%20they%20do`),
      options,
    );
    // Learning keeps going while context is read: how fast it drains the backlog meanwhile.
    const later = await queueStatus();
    return {
      database,
      messages: written,
      writeSeconds,
      perStep,
      batchLatency: summarizeBatches(batchTimes, writeSeconds),
      context,
      contextWithTarget,
      backlog,
      drainPerSecond: (later.completed - backlog.completed) / ((later.at - backlog.at) / 1000),
    };
  } catch (error) {
    if (server) console.error(`[bench:platform] serve's log:\n${server.log()}`);
    throw error;
  } finally {
    await server?.stop();
    await cleanup().catch((error: Error) => console.error(`[bench:platform] cleanup: ${error.message}`));
  }
}

function summarizeBatches(samples: number[], seconds: number): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, p50: at(50), p95: at(95), totalMs: seconds * 1000 };
}

function report(outcomes: Outcome[], startedAt: Date, loadBefore: number): string {
  const ms = (value: number) => value.toFixed(1);
  const rate = (value: number) => value.toFixed(0);
  const label = (database: Database) => (database === 'pglite' ? 'PGlite' : 'Postgres');
  const steps = Math.max(...outcomes.map((outcome) => outcome.perStep.length));
  return [
    `peermem bench:platform, ${startedAt.toISOString()}, Node ${process.version}, load average at start ${loadBefore.toFixed(2)}`,
    '',
    `| | ${outcomes.map((o) => label(o.database)).join(' | ')} |`,
    `|---|${outcomes.map(() => '---').join('|')}|`,
    `| messages written (batches of ${BATCH}) | ${outcomes.map((o) => o.messages).join(' | ')} |`,
    `| POST messages, overall messages/s | ${outcomes.map((o) => rate(o.messages / o.writeSeconds)).join(' | ')} |`,
    ...Array.from({ length: steps }, (_, step) => {
      const first = outcomes.find((o) => o.perStep[step])?.perStep[step];
      const span = first ? `${first.from} to ${first.to}` : '';
      return `| messages/s, ${span} | ${outcomes
        .map((o) => {
          const at = o.perStep[step];
          return at ? rate(at.rate) : '';
        })
        .join(' | ')} |`;
    }),
    `| POST of 100, p50 / p95 ms | ${outcomes.map((o) => `${ms(o.batchLatency.p50)} / ${ms(o.batchLatency.p95)}`).join(' | ')} |`,
    `| GET context (tokens=2000), p50 / p95 ms, ${REQUESTS} requests | ${outcomes.map((o) => `${ms(o.context.p50)} / ${ms(o.context.p95)}`).join(' | ')} |`,
    `| GET context with peer_target and search_query, p50 / p95 ms | ${outcomes.map((o) => `${ms(o.contextWithTarget.p50)} / ${ms(o.contextWithTarget.p95)}`).join(' | ')} |`,
    `| deriver tasks right after the last write: completed / pending / in progress of total | ${outcomes.map((o) => `${o.backlog.completed} / ${o.backlog.pending} / ${o.backlog.inProgress} of ${o.backlog.total}`).join(' | ')} |`,
    `| deriver tasks completed per second afterwards (while context was read) | ${outcomes.map((o) => o.drainPerSecond.toFixed(2)).join(' | ')} |`,
  ].join('\n');
}

/**
 * `npm run bench:platform`: the platform API as a client sees it, over HTTP to a separate
 * `peermem serve` process. Progress goes to stderr, the table to stdout.
 */
async function main(): Promise<void> {
  const startedAt = new Date();
  const loadBefore = loadavg()[0] ?? 0;
  let locomo: Awaited<ReturnType<typeof loadLocomo>>;
  try {
    locomo = await loadLocomo(LOCOMO_FILE);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const outcomes: Outcome[] = [];
  for (const database of DATABASES) {
    try {
      outcomes.push(await benchmark(database, locomo.conversations));
    } catch (error) {
      // One database failing (say, no Postgres server) must not lose the other's numbers.
      console.error(`[bench:platform] ${database} failed:`, error);
      process.exitCode = 1;
    }
  }
  if (outcomes.length > 0) console.log(report(outcomes, startedAt, loadBefore));
}

await runScript(main);
