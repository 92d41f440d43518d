import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { afterAll, expect, it } from 'vitest';
import { callOk, PROJECT_ROOT, spawnServer } from '../support/mcp-targets.js';
import { makeTempDir } from '../support/temp-dir.js';

const run = promisify(execFile);
const peermem = (args: string[]) => run(process.execPath, [join(PROJECT_ROOT, 'dist/src/main.js'), ...args]);

const dataDir = makeTempDir();
afterAll(async () => (await dataDir).remove());

it('a server that only queues, a `peermem worker --once` that learns, and `peermem status` that shows it', async () => {
  const folder = (await dataDir).path;
  const client = new Client({ name: 'worker-test', version: '1.0.0' });
  await client.connect(spawnServer(['--data-dir', folder, '--workspace', 'team', '--deriver', 'off']));
  await callOk(client, 'add_messages', {
    session: 'standup',
    messages: [{ peer: 'Ada', content: 'I finished the migration to the new billing system.' }],
  });

  // The server owns the data folder; the worker and status go through it.
  const before = JSON.parse((await peermem(['status', '--data-dir', folder, '--workspace', 'team'])).stdout);
  expect(before).toMatchObject({ workspace: 'team', pending: 1, done: 0, reasoner: 'offline' });

  const worker = await peermem(['worker', '--once', '--data-dir', folder, '--workspace', 'team']);
  expect(worker.stderr).toContain('1 batches processed');

  const after = JSON.parse((await peermem(['status', '--data-dir', folder, '--workspace', 'team'])).stdout);
  expect(after).toMatchObject({ pending: 0, done: 1, failed: 0, observations: 1 });
  expect(await callOk(client, 'get_representation', { peer: 'Ada' })).toMatchObject({
    representation: expect.stringContaining('Ada finished the migration to the new billing system.'),
  });
  await client.close();
});
