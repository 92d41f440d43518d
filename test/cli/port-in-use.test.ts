import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/mcp-targets.js';
import { makeTempDir } from '../support/temp-dir.js';

const run = promisify(execFile);

/** Runs the built bin to its end: its exit code and what it wrote on stderr. */
async function peermem(args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await run(process.execPath, [join(PROJECT_ROOT, 'dist/src/main.js'), ...args], {
      timeout: 60_000,
    });
    return { code: 0, stderr };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

describe('a port already in use', () => {
  let taken: Server;
  let port: number;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    port = (taken.address() as { port: number }).port;
  });
  afterAll(() => {
    taken.close();
  });

  it.each([
    ['mcp --http', ['--http']],
    [
      'serve',
      [
        'serve',
        '--pay-to',
        '0x000000000000000000000000000000000000dEaD',
        '--facilitator-url',
        'https://f.example',
      ],
    ],
  ])(
    '%s exits 1 with one line naming the port and what to do',
    async (_name, args) => {
      const dataDir = await makeTempDir();
      const { code, stderr } = await peermem([...args, '--port', String(port), '--data-dir', dataDir.path]);
      expect(code).toBe(1);
      const lines = stderr.trim().split('\n');
      expect(lines).toEqual([
        `peermem: port ${port} on 127.0.0.1 is already in use. Stop what uses it or choose another with --port (PEERMEM_PORT), or 0 for any free port.`,
      ]);
    },
    90_000,
  );
});
