import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { VERSION } from '../../src/version.js';
import { PROJECT_ROOT } from '../support/mcp-targets.js';
import { makeTempDir } from '../support/temp-dir.js';

it('the stdio server names what it serves in one stderr line, and writes only MCP to stdout', async () => {
  const dataDir = await makeTempDir();
  const child = spawn(
    process.execPath,
    [join(PROJECT_ROOT, 'dist/src/main.js'), '--data-dir', dataDir.path],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => {
    stdout += data.toString();
  });
  child.stderr.on('data', (data: Buffer) => {
    stderr += data.toString();
  });
  child.stdin.write(
    `${JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'probe', version: '1' },
      },
    })}\n`,
  );
  await expect.poll(() => stdout.includes('\n'), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => stderr.includes('\n'), { timeout: 30_000 }).toBe(true);
  child.stdin.end();
  await new Promise((resolve) => child.once('exit', resolve));

  expect(stderr.trim().split('\n')).toEqual([
    `peermem ${VERSION}: MCP over stdio (workspace "default", data folder ${dataDir.path}, learning on)`,
  ]);
  for (const line of stdout.trim().split('\n')) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
}, 60_000);
