import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, realpath } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceRows } from '../../bench/export/workspace-rows.js';
import { workspaceForDir } from '../../src/config.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { PROJECT_ROOT } from '../support/mcp-targets.js';
import { createIsolatedDatabase } from '../support/postgres.js';
import { makeTempDir } from '../support/temp-dir.js';

type Run = { code: number | null; stdout: string; stderr: string };

const MAIN = join(PROJECT_ROOT, 'dist/src/main.js');
const ENV = { PATH: process.env.PATH, HOME: process.env.HOME };

/** `peermem …` as a user runs it from a script: stdin, stdout and stderr are pipes, not a terminal. */
function peermem(args: string[]): Promise<Run> {
  const child = spawn(process.execPath, [MAIN, ...args], { cwd: PROJECT_ROOT, env: ENV });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** `peermem mcp` serving a project folder's workspace, started and left running. */
async function startMcp(args: string[]): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [MAIN, 'mcp', ...args], { cwd: PROJECT_ROOT, env: ENV });
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mcp did not start: ${stderr}`)), 60_000);
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
      if (stderr.includes('MCP over stdio')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    child,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin?.end();
      await exited;
    },
  };
}

describe('peermem export, import and workspaces, run as a user runs them', () => {
  let folder: { path: string; remove(): Promise<void> };
  let dataDir: string;
  let postgresUrl: string;
  const chat = join(PROJECT_ROOT, 'test/fixtures/import/team-chat.jsonl');

  beforeAll(async () => {
    folder = await makeTempDir('peermem-export-');
    dataDir = join(folder.path, 'data');
    postgresUrl = await createIsolatedDatabase('cli');
    const imported = await peermem(['import', chat, '--data-dir', dataDir, '--workspace', 'team']);
    expect(imported.code).toBe(0);
  }, 120_000);
  afterAll(async () => folder?.remove());

  it('exports a workspace to a file and to stdout, and imports it into Postgres once', async () => {
    const file = join(folder.path, 'team.jsonl');
    const written = await peermem(['export', '--data-dir', dataDir, '--workspace', 'team', '--out', file]);
    expect(written.code).toBe(0);
    expect(written.stderr).toMatch(
      /^peermem: exported workspace "team" to .*team\.jsonl \([\d,]+ bytes\) in \d+\.\d s\n$/,
    );
    const text = await readFile(file, 'utf8');
    const piped = await peermem(['export', '--data-dir', dataDir, '--workspace', 'team']);
    const withoutTime = (lines: string) => lines.replace(/"exported_at":"[^"]+"/, '');
    expect(withoutTime(piped.stdout)).toBe(withoutTime(text));

    const first = await peermem(['import', file, '--database-url', postgresUrl]);
    // The import's progress, in plain lines when stderr is not a terminal.
    expect(first.stderr).toBe('peermem: import: 5/5 messages\n');
    expect(first.stdout).toMatch(
      /^Restored 5 messages in 2 sessions, 2 peers, 0 observations, 0 cards and 0 summaries in \d+\.\d s; \d+ rows written\.\nWorkspace "team", Postgres database /,
    );
    expect(first.code).toBe(0);
    const second = await peermem(['import', file, '--database-url', postgresUrl]);
    expect(second.stdout).toContain('; 0 rows written: the database already held them.');

    const source = openDatabase({ kind: 'pglite', dataDir });
    const target = openDatabase({ kind: 'postgres', url: postgresUrl });
    try {
      expect(await workspaceRows(target, 'team')).toEqual(await workspaceRows(source, 'team'));
    } finally {
      await source.close();
      await target.close();
    }
  });

  it('refuses to export a workspace that does not exist, in one line', async () => {
    const missing = await peermem(['export', '--data-dir', dataDir, '--workspace', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(
      /^peermem: export: workspace "nope" does not exist in the data folder .*; peermem workspaces lists those there\n$/,
    );
  });

  it('lists the workspaces with their folders while a server holds the data folder, and deletes one', async () => {
    const project = join(folder.path, 'garden-project');
    const hashed = 'old-project-0123456789';
    expect((await peermem(['import', chat, '--data-dir', dataDir, '--workspace', hashed])).code).toBe(0);
    const server = await startMcp([
      '--data-dir',
      dataDir,
      '--workspace-from-dir',
      project,
      '--deriver',
      'off',
    ]);
    try {
      const fromDir = workspaceForDir(project);
      expect(fromDir).toMatch(new RegExp(`^${basename(project)}-[0-9a-f]{10}$`));
      // The server records its folder as it starts: asked until it shows.
      let listing = '';
      await expect
        .poll(
          async () => {
            listing = (await peermem(['workspaces', '--data-dir', dataDir])).stdout;
            return listing;
          },
          { timeout: 30_000, interval: 500 },
        )
        .toContain(fromDir);
      const lines = listing.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^Workspaces in the data folder /);
      expect(lines[1]).toMatch(/^WORKSPACE\s+MESSAGES\s+FOLDER$/);
      expect(lines).toContainEqual(expect.stringMatching(/^team\s+5\s+-$/));
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${hashed}\\s+5\\s+unknown folder$`)));
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(`^${fromDir}\\s+0\\s+${await realpath(folder.path)}/garden-project$`),
        ),
      );

      const unconfirmed = await peermem(['workspaces', 'delete', 'team', '--data-dir', dataDir]);
      expect(unconfirmed.code).toBe(1);
      expect(unconfirmed.stderr).toBe(
        'peermem: workspaces: deleting workspace "team" with its 5 messages, sessions, peers and what was learned needs --yes when not run from a terminal\n',
      );
      const deleted = await peermem(['workspaces', 'delete', 'team', '--yes', '--data-dir', dataDir]);
      expect(deleted.stderr).toBe('peermem: deleted workspace "team" (5 messages)\n');
      expect(deleted.code).toBe(0);
      const after = (await peermem(['workspaces', '--data-dir', dataDir])).stdout;
      expect(after).not.toMatch(/^team\s/m);
      expect(after).toMatch(new RegExp(`^${hashed}\\s`, 'm'));
      const again = await peermem(['workspaces', 'delete', 'team', '--yes', '--data-dir', dataDir]);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^peermem: workspaces: no workspace "team" in the data folder /);
    } finally {
      await server.stop();
    }
    const source = openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await source.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM messages WHERE workspace_id = 'team')
              + (SELECT count(*) FROM peers WHERE workspace_id = 'team')
              + (SELECT count(*) FROM sessions WHERE workspace_id = 'team') AS n`,
      );
      expect(Number(rows[0]?.n)).toBe(0);
    } finally {
      await source.close();
    }
  });
});
