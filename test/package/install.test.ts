import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { lstat, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetSettings } from '../../src/devnet/devnet-settings.js';
import { startDevnet } from '../../src/devnet/start-devnet.js';
import { deadPort } from '../support/dead-port.js';

const run = promisify(execFile);
const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** What a user's install of the package may hold in node_modules at most. */
const MAX_INSTALL_MB = 120;

/** The disk space a folder takes, in MiB, counted as `du` does (blocks, links once). */
async function diskMiB(path: string): Promise<number> {
  let blocks = 0;
  const seen = new Set<number>();
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const stats = await lstat(join(folder, entry.name));
      if (seen.has(stats.ino)) continue;
      seen.add(stats.ino);
      blocks += stats.blocks;
      if (entry.isDirectory()) await walk(join(folder, entry.name));
    }
  };
  await walk(path);
  return (blocks * 512) / 2 ** 20;
}

/** Runs a command to its end: exit code and output, never a throw. */
async function outcome(file: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await run(file, args, {
      cwd,
      timeout: 240_000,
      maxBuffer: 64 * 2 ** 20,
      ...(env ? { env } : {}),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * The package as a user gets it: packed as npm publishes it, installed from the tarball into an
 * empty folder with the runtime dependencies only (from the npm registry), then run through its
 * bin. Slow: a bundle, an install, a devnet.
 */
describe('the packed package, installed into an empty folder', () => {
  let folder: string;
  let tarballFiles: string[];
  let bin: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'peermem-package-'));
    // The global setup built dist/ (tsc, word vectors); building it again here would rewrite
    // dist/src under the servers other test files run. `npm run bundle` is both steps.
    await run(process.execPath, ['scripts/bundle.mjs'], { cwd: PROJECT_ROOT, timeout: 240_000 });
    const { stdout } = await run(
      'npm',
      ['pack', '--ignore-scripts', '--json', '--pack-destination', folder],
      { cwd: PROJECT_ROOT, timeout: 120_000, maxBuffer: 64 * 2 ** 20 },
    );
    const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
    if (!packed) throw new Error('npm pack made no tarball');
    tarballFiles = packed.files.map((file) => file.path);
    const install = join(folder, 'install');
    await run('mkdir', ['-p', install]);
    await writeFile(join(install, 'package.json'), '{ "private": true }\n');
    await run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', join(folder, packed.filename)], {
      cwd: install,
      timeout: 240_000,
    });
    bin = join(install, 'node_modules/.bin/peermem');
  }, 600_000);

  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('ships the bundle, the word vectors and the database template, no sources, source maps, benchmarks or tests', () => {
    expect(tarballFiles).toContain('dist/peermem/main.js');
    expect(tarballFiles).toContain('dist/word-vectors/glove-100d-sif-50k.bin');
    expect(tarballFiles).toContain('dist/token-ranks/o200k_base.bin');
    expect(tarballFiles).toContain('dist/pgdata-template/pgdata.tar.gz');
    expect(tarballFiles).toContain('dist/memory-view/memory-view.html');
    const stray = tarballFiles.filter(
      (path) =>
        path.endsWith('.map') ||
        path.endsWith('.ts') ||
        /^(dist\/(src|bench|tools)|src|test|bench)\//.test(path),
    );
    expect(stray).toEqual([]);
  });

  it('ships its licence and every document the README links to', async () => {
    expect(tarballFiles).toContain('LICENSE');
    const readme = await readFile(join(PROJECT_ROOT, 'README.md'), 'utf8');
    const linked = [...readme.matchAll(/\]\((docs\/[\w-]+\.md)[#)]/g)].map(([, path]) => path);
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.filter((path) => !tarballFiles.includes(path ?? ''))).toEqual([]);
  });

  it('keeps the bin executable after a rebuild, for clients that start `peermem` by name', async () => {
    const { mode } = await stat(join(PROJECT_ROOT, 'dist/peermem/main.js'));
    expect(mode & 0o111).toBe(0o111);
  });

  it(`takes less than ${MAX_INSTALL_MB} MB of node_modules`, async () => {
    const mib = await diskMiB(join(folder, 'install/node_modules'));
    console.info(`peermem install: node_modules takes ${mib.toFixed(1)} MiB`);
    expect(mib).toBeLessThan(MAX_INSTALL_MB);
  });

  it('answers peermem --help', async () => {
    const { code, stdout } = await outcome(bin, ['--help'], folder);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage:');
  });

  it('serves MCP over stdio: messages written, found by search and learned from', async () => {
    const transport = new StdioClientTransport({
      command: bin,
      args: ['--workspace', 'package', '--data-dir', join(folder, 'data')],
      cwd: folder,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'package-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const added = await client.callTool({
        name: 'add_messages',
        arguments: {
          session: 'garden',
          messages: [
            { peer: 'ada', content: 'I planted forty tulips along the north fence.' },
            { peer: 'bo', content: 'The bicycle needs a new chain.' },
          ],
        },
      });
      expect(added.isError).toBeFalsy();
      const found = await client.callTool({ name: 'search', arguments: { query: 'tulips' } });
      expect(found.isError).toBeFalsy();
      expect(JSON.stringify(found.structuredContent)).toContain('forty tulips');
      // The deriver learns from them in the background, with the bundled learning code.
      type Status = { pending: number; in_progress: number; done: number; failed: number };
      await expect
        .poll(
          async () => {
            const status = await client.callTool({ name: 'get_deriver_status', arguments: {} });
            const { pending, in_progress, done, failed } = status.structuredContent as Status;
            return { pending, in_progress, done: done > 0, failed };
          },
          { timeout: 120_000, interval: 500 },
        )
        .toEqual({ pending: 0, in_progress: 0, done: true, failed: 0 });
      // The installed bundle finds the memory view it ships, beside itself.
      const [view] = (await client.readResource({ uri: 'ui://peermem/memory-view' })).contents;
      expect(view && 'text' in view && view.text).toMatch(/^<!doctype html>/);
    } finally {
      await client.close();
    }
  }, 240_000);

  it('serves the paid gateway, and peermem call pays it with x402 and with MPP, on a devnet', async () => {
    const devnet = await startDevnet();
    const port = await deadPort();
    const env = {
      PATH: process.env.PATH,
      PEERMEM_KEYCHAIN: 'off',
      ...Object.fromEntries(devnetSettings(devnet, `http://127.0.0.1:${port}`)),
    };
    const server = spawn(bin, ['serve', '--port', String(port), '--data-dir', join(folder, 'gateway')], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      let stderr = '';
      server.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      await expect.poll(() => stderr, { timeout: 60_000 }).toContain('peermem: gateway at');
      const body = JSON.stringify({ session: 'paid', messages: [{ peer: 'ada', content: 'Paid for.' }] });
      for (const payWith of ['x402', 'mpp']) {
        const call = await outcome(
          bin,
          ['call', '/messages', body, '--pay-with', payWith, '--wallet-dir', join(folder, 'wallet')],
          folder,
          env,
        );
        expect(call.stderr, payWith).toMatch(
          /^peermem: paid 0\.001 USD for \/messages with (x402|mpp) \(transaction 0x[0-9a-f]{64}\); today 0\.00[12] of 1\.00 USD\n$/,
        );
        expect(call.code, payWith).toBe(0);
        expect(call.stdout).toContain('Paid for.');
      }
    } finally {
      const exited = server.exitCode !== null || server.signalCode !== null;
      server.kill();
      if (!exited) await once(server, 'exit');
      await devnet.stop();
    }
  }, 240_000);

  it('peermem devnet, whose node is left out, says in one line how to get it', async () => {
    const { code, stderr } = await outcome(bin, ['devnet'], folder);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('npm install @foundry-rs/anvil@');
  });
});
