import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { callOk, PROJECT_ROOT, spawnServer } from '../support/mcp-targets.js';
import { createIsolatedDatabase } from '../support/postgres.js';

const run = promisify(execFile);
const peermem = (args: string[]) => run(process.execPath, [join(PROJECT_ROOT, 'dist/src/main.js'), ...args]);

/** Sessions of one task each, which the two workers can take side by side, and one long session learned in order. */
const SINGLE_SESSIONS = 100;
const LONG_SESSION_TASKS = 20;
const TASKS = SINGLE_SESSIONS + LONG_SESSION_TASKS;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('two `peermem worker` processes on one queue learn each task exactly once', async () => {
  const url = await createIsolatedDatabase('two_workers');
  const storage = ['--database-url', url, '--workspace', 'team'];
  const client = new Client({ name: 'two-workers-test', version: '1.0.0' });
  await client.connect(spawnServer([...storage, '--deriver', 'off']));
  cleanups.push(() => client.close());
  const writes = [
    ...Array.from({ length: SINGLE_SESSIONS }, (_, i) => ({ session: `desk-${i}`, i })),
    ...Array.from({ length: LONG_SESSION_TASKS }, (_, i) => ({ session: 'standup', i: SINGLE_SESSIONS + i })),
  ];
  for (const { session, i } of writes) {
    await callOk(client, 'add_messages', {
      session,
      messages: [{ peer: 'Ada', content: `I adopted a cat named Whisker${i}.` }],
    });
  }
  expect(await callOk(client, 'get_deriver_status')).toMatchObject({ pending: TASKS, done: 0 });

  const [first, second] = await Promise.all([
    peermem(['worker', '--once', ...storage]),
    peermem(['worker', '--once', ...storage]),
  ]);
  // Each worker reports how many tasks it learned; both took part, and together they took each once.
  const learned = [first, second].map(({ stderr }) => Number(/(\d+) batches processed/.exec(stderr)?.[1]));
  expect(learned[0]).toBeGreaterThan(0);
  expect(learned[1]).toBeGreaterThan(0);
  expect((learned[0] ?? 0) + (learned[1] ?? 0)).toBe(TASKS);
  expect(await callOk(client, 'get_deriver_status')).toMatchObject({
    pending: 0,
    in_progress: 0,
    done: TASKS,
    failed: 0,
  });

  const db = openDatabase({ kind: 'postgres', url });
  cleanups.push(() => db.close());
  const tasks = await db.query<{ attempts: number }>(
    `SELECT attempts FROM derivation_tasks WHERE workspace_id = 'team' AND status = 'done'`,
  );
  expect(tasks.map((t) => t.attempts)).toEqual(Array(TASKS).fill(1));

  // Each message's fact is written once: one observation per message, citing it once, seen once.
  const cited = await db.query<{ message_id: string; observations: number; times_seen: number }>(
    `SELECT m.id AS message_id, count(o.id)::int AS observations, coalesce(sum(o.times_seen), 0)::int AS times_seen
     FROM messages m
     LEFT JOIN observations o ON o.workspace_id = m.workspace_id AND o.source_message_ids @> jsonb_build_array(m.id)
     WHERE m.workspace_id = 'team' GROUP BY m.id`,
  );
  expect(cited).toHaveLength(TASKS);
  for (const message of cited) expect(message).toMatchObject({ observations: 1, times_seen: 1 });
  const [{ sources } = { sources: 0 }] = await db.query<{ sources: number }>(
    `SELECT sum(jsonb_array_length(source_message_ids))::int AS sources FROM observations WHERE workspace_id = 'team'`,
  );
  expect(sources).toBe(TASKS);
}, 60_000);
