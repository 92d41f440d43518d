import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import type { MemoryService } from '../../src/service/memory-service.js';
import { type DatabaseKind, PROJECT_ROOT } from '../support/mcp-targets.js';
import { POSTGRES_URL } from '../support/postgres.js';
import { makeTempDir, uniqueWorkspace } from '../support/temp-dir.js';

const fixture = (name: string) => join(PROJECT_ROOT, 'test/fixtures/import', name);
const folder = makeTempDir('peermem-import-');
afterAll(async () => (await folder).remove());

type Run = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

/** `peermem import …` as a user runs it (stderr is a pipe here, so progress comes as plain lines). */
function peermemImport(args: string[], onStderr?: (text: string, kill: () => void) => void): Promise<Run> {
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'dist/src/main.js'), 'import', ...args], {
    cwd: PROJECT_ROOT,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    onStderr?.(stderr, () => child.kill('SIGKILL'));
  });
  return new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
}

/** The memory a finished import left, read through the engine, then closed. */
async function readBack<T>(
  storage: string[],
  workspace: string,
  read: (memory: MemoryService) => Promise<T>,
) {
  const database =
    storage[0] === '--data-dir'
      ? openDatabase({ kind: 'pglite', dataDir: storage[1] as string })
      : openDatabase({ kind: 'postgres', url: POSTGRES_URL });
  const engine = createEngine(database, {
    learning: createLearning(OFFLINE_LEARNING),
    contextTokens: 8192,
    deriver: false,
  });
  try {
    return await read(engine.memory(workspace));
  } finally {
    await engine.stop();
    await database.close();
  }
}

async function contentsOf(memory: MemoryService, session: string): Promise<string[]> {
  const contents: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await memory.listMessages({ session, page, size: 100, reverse: false });
    contents.push(...answer.items.map((message) => message.content));
    if (answer.items.length < 100) return contents;
  }
}

describe.each<DatabaseKind>(['pglite', 'postgres'])('peermem import on %s', (kind) => {
  const storage = async (name: string) =>
    kind === 'pglite' ? ['--data-dir', join((await folder).path, name)] : ['--database-url', POSTGRES_URL];

  it('imports a file of each format, with a summary on stdout, and refuses a bad file in one line', async () => {
    const where = await storage('formats');
    const workspace = uniqueWorkspace('import-cli');
    const files = [
      ['team-chat.jsonl', /^Imported 5 messages in 2 sessions from 2 peers in \d+\.\d s\.$/m],
      ['standup.md', /^Imported 4 messages in 1 session from 2 peers in /m],
      ['chatgpt/conversations.json', /^Imported 6 messages in 2 sessions from 2 peers in /m],
      ['claude/conversations.json', /^Imported 5 messages in 2 sessions from 2 peers in /m],
    ] as const;
    for (const [name, summary] of files) {
      const run = await peermemImport([fixture(name), '--workspace', workspace, ...where]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(summary);
      expect(run.stdout).toContain(`Workspace "${workspace}"`);
    }
    const again = await peermemImport([fixture('standup.md'), '--workspace', workspace, ...where]);
    expect(again.stdout, again.stderr).toMatch(
      /^Imported 0 messages in 1 session from 2 peers in .*; 4 messages already there, skipped\.$/m,
    );

    const sessions = await readBack(where, workspace, async (memory) => {
      const { items } = await memory.listSessions({ page: 1, size: 100, reverse: false });
      return items.map((session) => session.id).sort();
    });
    expect(sessions).toEqual(
      [
        'team-chat',
        'supplier-visit',
        'standup',
        'chatgpt-6a1f0c2e-0001-4a7b-9a55-3f2d1c000001',
        'chatgpt-6a1f0c2e-0002-4a7b-9a55-3f2d1c000002',
        'claude-5c0e7a10-0001-4d2c-8f00-9e3b2a000001',
        'claude-5c0e7a10-0002-4d2c-8f00-9e3b2a000002',
      ].sort(),
    );

    const bad = join((await folder).path, `bad-${kind}.jsonl`);
    await writeFile(
      bad,
      '{"peer": "ada", "content": "fine"}\n{"peer": "ada", "content": "", "created_at": "2025-01-01T00:00:00Z"}\n',
    );
    const refused = await peermemImport([bad, '--workspace', workspace, ...where]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`peermem: import: ${bad}: line 2: content: must not be empty\n`);
    expect(refused.stdout).toBe('');
  }, 300_000);

  it('killed mid-import, run again: every message once, in order', async () => {
    const where = await storage('killed');
    const workspace = uniqueWorkspace('import-kill');
    const count = 3000;
    const expected = Array.from(
      { length: count },
      (_, index) => `message ${index}: ${'the quick brown fox '.repeat(5)}`,
    );
    const file = join((await folder).path, `long-${kind}.jsonl`);
    await writeFile(
      file,
      expected
        .map((content, index) => JSON.stringify({ peer: index % 3 === 0 ? 'ada' : 'grace', content }))
        .join('\n'),
    );

    const killed = await peermemImport([file, '--workspace', workspace, ...where], (stderr, kill) => {
      if (/\/3,000 messages/.test(stderr)) kill();
    });
    expect(killed.signal).toBe('SIGKILL');
    const kept = await readBack(where, workspace, (memory) => contentsOf(memory, `long-${kind}`));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(count);
    expect(kept).toEqual(expected.slice(0, kept.length));

    const resumed = await peermemImport([file, '--workspace', workspace, ...where]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain(
      `Imported ${(count - kept.length).toLocaleString('en-US')} messages in 1 session from 2 peers in `,
    );
    expect(resumed.stdout).toContain(
      `; ${kept.length.toLocaleString('en-US')} messages already there, skipped.`,
    );
    expect(await readBack(where, workspace, (memory) => contentsOf(memory, `long-${kind}`))).toEqual(
      expected,
    );
  }, 300_000);
});

describe('peermem import in front of a person', () => {
  const writeChat = async (name: string, count: number) => {
    const file = join((await folder).path, name);
    const lines = Array.from({ length: count }, (_, index) =>
      JSON.stringify({ peer: 'ada', content: `note ${index}` }),
    );
    await writeFile(file, lines.join('\n'));
    return file;
  };

  it('Ctrl+C stops after the write under way and says how to go on; run again, it finishes', async () => {
    const file = await writeChat('stopped.jsonl', 3000);
    const where = ['--data-dir', join((await folder).path, 'stopped')];
    const child = spawn(process.execPath, [join(PROJECT_ROOT, 'dist/src/main.js'), 'import', file, ...where]);
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', () => child.kill('SIGINT'));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    const written = Number(
      /^Interrupted: ([\d,]+) messages imported in 1 session/m.exec(stdout)?.[1]?.replace(',', ''),
    );
    expect(written).toBeGreaterThan(0);
    expect(written % 100).toBe(0);
    expect(stdout).toContain('Run the same command again to import the rest; nothing is imported twice.');

    const resumed = await peermemImport([file, ...where]);
    expect(resumed.stdout).toContain(
      `Imported ${(3000 - written).toLocaleString('en-US')} messages in 1 session from 1 peer in `,
    );
  }, 180_000);
});
