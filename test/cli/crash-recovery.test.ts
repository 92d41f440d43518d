import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DERIVER } from '../../src/engine/create-engine.js';
import type { Database } from '../../src/engine/database/database.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { callOk, PROJECT_ROOT } from '../support/mcp-targets.js';
import { createIsolatedDatabase } from '../support/postgres.js';
import { makeTempDir } from '../support/temp-dir.js';

type Status = { pending: number; in_progress: number; done: number; failed: number };
type Page = { items: { id: string; content: string }[]; total: number };

const SESSIONS = ['kitchen', 'garden', 'garage'];

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

/** The built server itself (not `npm start`), so that SIGKILL reaches the process that holds the data. */
async function startServer(storage: string[]): Promise<{ client: Client; pid: number }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(PROJECT_ROOT, 'dist/src/main.js'), '--workspace', 'crash', ...storage],
    cwd: PROJECT_ROOT,
    env: process.env as Record<string, string>,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'crash-recovery-test', version: '1.0.0' });
  await client.connect(transport);
  cleanups.push(() => client.close());
  const pid = transport.pid;
  if (pid === null) throw new Error('the server did not start');
  return { client, pid };
}

/** Writes turns of a few messages to one session until told to stop, keeping the ids of those acknowledged. */
async function writeUntilStopped(
  client: Client,
  session: string,
  acknowledged: string[],
  stop: { now: boolean },
) {
  for (let turn = 0; !stop.now; turn++) {
    try {
      const { messages } = await callOk<{ messages: { id: string }[] }>(client, 'add_messages', {
        session,
        messages: [
          { peer: 'Ada', content: `I planted ${turn} tulips in the ${session} on day ${turn}.` },
          { peer: 'Bo', content: `I repaired bicycle number ${turn} in the ${session}.` },
          { peer: 'Ada', content: 'I live in Lisbon.' },
        ],
      });
      acknowledged.push(...messages.map((m) => m.id));
    } catch {
      return; // the server is gone: this write was never acknowledged
    }
  }
}

async function allMessageIds(client: Client, session: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const { items } = await callOk<Page>(client, 'list_messages', { session, page, size: 100 });
    ids.push(...items.map((m) => m.id));
    if (items.length < 100) return ids;
  }
}

// After the dead claims' lease runs out, the time the restarted server has to learn what is left
// (on a 2-core CI machine, about 20 tasks on Postgres took over 30 s once).
const DRAIN_SECONDS = 90;

describe.each(['pglite', 'postgres'] as const)('a server killed with SIGKILL on %s', (kind) => {
  it(
    'keeps every acknowledged message, resumes the queue, and learns no fact twice',
    async () => {
      let storage: string[];
      let openDirect: () => Database;
      if (kind === 'pglite') {
        const dir = await makeTempDir();
        cleanups.push(dir.remove);
        storage = ['--data-dir', dir.path];
        // Through the relay of whichever server owns the folder; opened only once one is running.
        openDirect = () => openDatabase({ kind: 'pglite', dataDir: dir.path });
      } else {
        const url = await createIsolatedDatabase('crash');
        storage = ['--database-url', url];
        openDirect = () => openDatabase({ kind: 'postgres', url });
      }

      const first = await startServer(storage);
      const acknowledged: string[] = [];
      const stop = { now: false };
      const writers = SESSIONS.map((session) => writeUntilStopped(first.client, session, acknowledged, stop));

      // Kill once enough is written and the deriver is caught mid-queue: some tasks learned, some
      // claimed. Writes go on until the kill, so some are in flight when it lands.
      await expect
        .poll(
          async () => {
            const status = await callOk<Status>(first.client, 'get_deriver_status');
            return acknowledged.length >= 60 && status.done > 0 && status.in_progress > 0;
          },
          { timeout: 30_000, interval: 5 },
        )
        .toBe(true);
      process.kill(first.pid, 'SIGKILL');
      const killedAt = Date.now();
      stop.now = true;
      await Promise.all(writers);
      const acknowledgedAtKill = [...acknowledged];

      const second = await startServer(storage);
      const found = (await Promise.all(SESSIONS.map((s) => allMessageIds(second.client, s)))).flat();
      expect(new Set(found).size).toBe(found.length);
      expect(found).toEqual(expect.arrayContaining(acknowledgedAtKill));
      const recoveredMs = Date.now() - killedAt;

      const db = openDirect();
      cleanups.push(() => db.close());
      // A claim of the killed process is renewed by nobody: the restarted server takes it over once
      // its lease runs out, and with it the later tasks of its session (they are learned in order).
      const deadClaims = await db.query<{ id: string }>(
        `SELECT id::text FROM derivation_tasks
       WHERE workspace_id = 'crash' AND status = 'in_progress' AND claimed_at < $1::timestamptz`,
        [new Date(killedAt).toISOString()],
      );
      expect(deadClaims.length).toBeGreaterThan(0);
      await expect
        .poll(() => callOk<Status>(second.client, 'get_deriver_status'), {
          timeout: (DEFAULT_DERIVER.leaseSeconds + DRAIN_SECONDS) * 1000,
          interval: 250,
        })
        .toMatchObject({ pending: 0, in_progress: 0, failed: 0 });
      console.info(
        `${kind}: ${acknowledgedAtKill.length} messages acknowledged before the kill, ${found.length} found after; ` +
          `messages readable ${recoveredMs} ms after the kill; the queue drained ${Date.now() - killedAt} ms after it ` +
          `(lease ${DEFAULT_DERIVER.leaseSeconds} s)`,
      );
      const [tasks] = await db.query<{ open: number; done: number; retried: number }>(
        `SELECT count(*) FILTER (WHERE status <> 'done')::int AS open, count(*) FILTER (WHERE status = 'done')::int AS done,
              count(*) FILTER (WHERE attempts > 1)::int AS retried
       FROM derivation_tasks WHERE workspace_id = 'crash'`,
      );
      expect(tasks).toMatchObject({ open: 0, retried: deadClaims.length });

      // No fact twice for one observer and observed, and no message counted twice towards a fact.
      const observations = await db.query<{ fact_key: string; sources: string[]; times_seen: number }>(
        `SELECT observer_id || '/' || observed_id || '/' || fact_key AS fact_key,
              ARRAY(SELECT jsonb_array_elements_text(source_message_ids)) AS sources, times_seen
       FROM observations WHERE workspace_id = 'crash'`,
      );
      expect(observations.length).toBeGreaterThan(0);
      const keys = observations.map((o) => o.fact_key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const observation of observations) {
        expect(new Set(observation.sources).size).toBe(observation.sources.length);
      }
      // Every message that was stored is learned from: no task was lost with the killed process.
      const [unlearned] = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM messages m WHERE m.workspace_id = 'crash'
         AND NOT EXISTS (SELECT 1 FROM derivation_tasks t WHERE t.workspace_id = m.workspace_id
                         AND t.session_id = m.session_id AND m.seq BETWEEN t.first_seq AND t.last_seq AND t.status = 'done')`,
      );
      expect(unlearned?.count).toBe(0);
      // The budget of its waits: up to 30 s to reach the kill point, the lease of the dead claims,
      // and 30 s to drain the queue.
    },
    (30 + DEFAULT_DERIVER.leaseSeconds + 30 + 30) * 1000,
  );
});
