import { execFile, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { deadPort } from '../support/dead-port.js';
import { callError, callOk, PROJECT_ROOT } from '../support/mcp-targets.js';
import { createIsolatedDatabase, POSTGRES_URL } from '../support/postgres.js';
import { startProxy } from '../support/tcp-proxy.js';
import { makeTempDir } from '../support/temp-dir.js';

const BIN = join(PROJECT_ROOT, 'dist/src/main.js');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The built bin as an editor launches it, with a real MCP client; `stderr` collects its log. */
async function startServer(args: string[]): Promise<{ client: Client; stderr: () => string[] }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    stderr: 'pipe',
  });
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const client = new Client({ name: 'database-unavailable-test', version: '1.0.0' });
  await client.connect(transport);
  cleanups.push(() => client.close());
  return { client, stderr: () => log.split('\n').filter(Boolean) };
}

describe('a database that cannot be reached', () => {
  it('logs a few lines, not one per attempt, and a tool call says which database and what to do', async () => {
    const port = await deadPort();
    const started = Date.now();
    const { client, stderr } = await startServer([
      '--database-url',
      `postgres://postgres:hunter2-secret@127.0.0.1:${port}/test`,
    ]);
    const text = await callError(client, 'list_sessions');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(text).toContain(`unavailable: the database at 127.0.0.1:${port} refused the connection`);
    expect(text).toContain('Is Postgres running? Check DATABASE_URL (--database-url).');
    expect(text).not.toContain('hunter2');

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 5000 - (Date.now() - started))));
    const lines = stderr();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThan(10);
    expect(lines.filter((line) => line.includes('database lost'))).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('hunter2');
  });

  it('names a database that does not exist', async () => {
    const url = new URL(POSTGRES_URL);
    const { client } = await startServer([
      '--database-url',
      `postgres://${url.username}@${url.host}/peermem_no_such_database`,
    ]);
    const text = await callError(client, 'list_sessions');
    expect(text).toContain(
      `unavailable: the database "peermem_no_such_database" does not exist on ${url.hostname}:${url.port || 5432}`,
    );
    expect(text).toContain('createdb peermem_no_such_database');
  });

  it('recovers by itself when the database comes back: tool calls and the deriver', async () => {
    const database = new URL(await createIsolatedDatabase('unavailable'));
    const proxy = await startProxy({ host: database.hostname, port: Number(database.port || 5432) });
    cleanups.push(proxy.cut);
    const { client, stderr } = await startServer([
      '--database-url',
      `postgres://${database.username}@127.0.0.1:${proxy.port()}${database.pathname}`,
    ]);
    await callOk(client, 'add_messages', {
      session: 'diary',
      messages: [{ peer: 'me', content: 'I planted tomatoes.' }],
    });

    await proxy.cut();
    // A query on a pooled connection finds it lost, one on a new connection finds it refused.
    expect(await callError(client, 'list_sessions')).toMatch(
      new RegExp(`^unavailable: .*the database at 127\\.0\\.0\\.1:${proxy.port()} `),
    );
    await expect
      .poll(() => stderr().filter((line) => line.includes('database lost')), { timeout: 10_000 })
      .toHaveLength(1);

    await proxy.restore();
    const sessions = await callOk<{ items: { id: string }[] }>(client, 'list_sessions');
    expect(sessions.items.map((session) => session.id)).toEqual(['diary']);
    await expect
      .poll(() => stderr().filter((line) => line.includes('database back')), { timeout: 40_000 })
      .toHaveLength(1);
    expect(stderr().filter((line) => line.includes('database lost'))).toHaveLength(1);
  }, 90_000);
});

describe('a `peermem worker` whose database is lost', () => {
  it('stays up with one line, not one per attempt, and learns what was queued once the database is back', async () => {
    const database = new URL(await createIsolatedDatabase('unavailable_worker'));
    const proxy = await startProxy({ host: database.hostname, port: Number(database.port || 5432) });
    cleanups.push(proxy.cut);
    const url = `postgres://${database.username}@127.0.0.1:${proxy.port()}${database.pathname}`;
    const { client } = await startServer(['--database-url', url, '--deriver', 'off']);
    await callOk(client, 'add_messages', {
      session: 'diary',
      messages: [{ peer: 'Ada', content: 'I adopted a cat named Whisker.' }],
    });
    await proxy.cut();

    const worker = spawn(process.execPath, [BIN, 'worker', '--database-url', url], { stdio: 'pipe' });
    let log = '';
    worker.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => worker.once('exit', resolve));
    cleanups.push(async () => {
      worker.kill('SIGTERM');
      await exited;
    });
    const lines = () => log.split('\n').filter(Boolean);
    await expect
      .poll(() => lines().filter((line) => line.includes('database lost')), { timeout: 20_000 })
      .toHaveLength(1);
    // Its retries wait on timers that hold nothing open: it once exited here, with code 13.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(worker.exitCode).toBeNull();
    expect(lines().filter((line) => line.includes('database lost'))).toHaveLength(1);

    await proxy.restore();
    await expect
      .poll(() => callOk(client, 'get_deriver_status').catch(() => undefined), {
        timeout: 60_000,
        interval: 500,
      })
      .toMatchObject({ pending: 0, done: 1 });
    // The line comes once the whole round after the learning succeeded.
    await expect
      .poll(() => lines().filter((line) => line.includes('database back')), { timeout: 40_000 })
      .toHaveLength(1);
    expect(lines().filter((line) => line.includes('database lost'))).toHaveLength(1);
    worker.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 120_000);
});

describe('a data folder that cannot be created', () => {
  it('ends the server at once with one line naming the folder', async () => {
    const dir = await makeTempDir();
    cleanups.push(dir.remove);
    const file = join(dir.path, 'a-file');
    await writeFile(file, 'not a folder');
    const dataDir = join(file, 'data');
    const result = await promisify(execFile)(process.execPath, [BIN, '--data-dir', dataDir], {
      timeout: 30_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `peermem: the data folder ${dataDir} cannot be created: a part of its path is a file. Remove that file, or choose another folder with --data-dir (PEERMEM_DATA_DIR).`,
    ]);
  });
});
