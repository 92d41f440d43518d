import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { PROJECT_ROOT } from '../support/mcp-targets.js';
import { createIsolatedDatabase } from '../support/postgres.js';
import { makeTempDir } from '../support/temp-dir.js';

const run = promisify(execFile);
const MAIN = join(PROJECT_ROOT, 'dist/src/main.js');

type Store = {
  env: Record<string, string>;
  open: () => ReturnType<typeof openDatabase>;
  remove(): Promise<void>;
};

async function makeStore(kind: 'pglite' | 'postgres'): Promise<Store> {
  if (kind === 'postgres') {
    const url = await createIsolatedDatabase('peers_cli');
    return {
      env: { DATABASE_URL: url },
      open: () => openDatabase({ kind: 'postgres', url }),
      remove: async () => {},
    };
  }
  const dir = await makeTempDir('peers-cli');
  return {
    env: { PEERMEM_DATA_DIR: dir.path },
    open: () => openDatabase({ kind: 'pglite', dataDir: dir.path }),
    remove: () => dir.remove(),
  };
}

/** The built bin with stdin not a terminal: its exit code and stderr. */
async function peermem(args: string[], env: Record<string, string>) {
  try {
    const { stderr } = await run(process.execPath, [MAIN, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      timeout: 60_000,
    });
    return { code: 0, stderr };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

/** The built bin on a terminal (`script` gives it one), answering the question with `answer`. */
function peermemOnTerminal(args: string[], env: Record<string, string>, answer: string) {
  const command = [process.execPath, MAIN, ...args].map((part) => `'${part}'`).join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  let output = '';
  let answered = false;
  child.stdout.on('data', (data: Buffer) => {
    output += data.toString();
    if (answered || !output.includes('[y/N]')) return;
    answered = true;
    child.stdin.write(`${answer}\n`);
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
}

describe.each(['pglite', 'postgres'] as const)('peermem peers delete (%s)', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await makeStore(kind);
    const database = store.open();
    const engine = createEngine(database, {
      learning: createLearning(OFFLINE_LEARNING),
      contextTokens: 8192,
      deriver: false,
    });
    await engine.memory('home').addMessages({
      session: 'chat',
      messages: [
        { peer: 'ada', content: 'hello' },
        { peer: 'adaa', content: 'a typo of a peer' },
      ],
    });
    await engine.stop();
    await database.close();
  }, 120_000);
  afterAll(async () => store?.remove());

  const peersLeft = async () => {
    const database = store.open();
    try {
      const rows = await database.query<{ id: string }>(
        `SELECT id FROM peers WHERE workspace_id = 'home' ORDER BY id`,
      );
      return rows.map((row) => row.id);
    } finally {
      await database.close();
    }
  };

  it('refuses without --yes where no terminal can answer, and deletes nothing', async () => {
    const { code, stderr } = await peermem(['peers', 'delete', 'adaa', '--workspace', 'home'], store.env);
    expect(code).toBe(2);
    expect(stderr).toContain('--yes');
    expect(await peersLeft()).toEqual(['ada', 'adaa']);
  });

  it('asks on a terminal: no keeps the peer, yes deletes it', async () => {
    const kept = await peermemOnTerminal(['peers', 'delete', 'adaa', '--workspace', 'home'], store.env, 'n');
    expect(kept.output).toContain('cannot be undone. [y/N]');
    expect(kept.code).toBe(1);
    expect(await peersLeft()).toEqual(['ada', 'adaa']);
    const deleted = await peermemOnTerminal(
      ['peers', 'delete', 'adaa', '--workspace', 'home'],
      store.env,
      'y',
    );
    expect(deleted.output).toContain('peer "adaa" deleted from workspace "home"');
    expect(deleted.code).toBe(0);
    expect(await peersLeft()).toEqual(['ada']);
  }, 60_000);

  it('deletes with --yes, says so for an unknown peer, and shows the usage for a bad call', async () => {
    const unknown = await peermem(['peers', 'delete', 'nobody', '--workspace', 'home', '--yes'], store.env);
    expect(unknown).toEqual({
      code: 1,
      stderr: 'peermem: peer "nobody" does not exist in workspace "home"\n',
    });
    const usage = await peermem(['peers', 'remove', 'ada'], store.env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: peermem peers delete PEER');
    const deleted = await peermem(['peers', 'delete', 'ada', '--workspace', 'home', '--yes'], store.env);
    expect(deleted).toEqual({ code: 0, stderr: 'peermem: peer "ada" deleted from workspace "home"\n' });
    expect(await peersLeft()).toEqual([]);
  });
});
