import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { deadPort } from '../support/dead-port.js';
import { PROJECT_ROOT } from '../support/mcp-targets.js';
import { makeTempDir } from '../support/temp-dir.js';

const run = promisify(execFile);

/** Runs the built bin to its end, with only the environment given: its exit code and stderr. */
async function peermem(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await run(process.execPath, [join(PROJECT_ROOT, 'dist/src/main.js'), ...args], {
      env: { PATH: process.env.PATH, ...env },
      timeout: 60_000,
    });
    return { code: 0, stderr };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

describe('the bin on a bad flag or value', () => {
  it.each([
    [['--bogus'], '--bogus: unknown flag; run peermem --help for the flags'],
    [['--port', 'abc'], '--port (PEERMEM_PORT): must be a whole number from 0 to 65535'],
    [
      ['--deriver', 'maybe'],
      '--deriver (PEERMEM_DERIVER): must be on or off (or true/false, yes/no, 1/0), not "maybe"',
    ],
  ])('%j: one line naming the flag, its variable and what it takes, exit 2', async (args, line) => {
    const { code, stderr } = await peermem(args);
    expect(code).toBe(2);
    expect(stderr).toBe(`peermem: ${line}\n`);
  });
});

describe('peermem call', () => {
  it('names the gateway URL it cannot reach and the flag that sets it', async () => {
    const port = await deadPort();
    const walletDir = await makeTempDir('cli-messages');
    const { code, stderr } = await peermem(
      ['call', '/sessions', '{}', '--upstream', `http://127.0.0.1:${port}`, '--wallet-dir', walletDir.path],
      { PEERMEM_PRIVATE_KEY: `0x${'1'.repeat(64)}`, PEERMEM_KEYCHAIN: 'off' },
    ).finally(() => walletDir.remove());
    expect(code).toBe(1);
    expect(stderr).toBe(
      `peermem: the upstream http://127.0.0.1:${port} is unreachable: connection refused. Check that the gateway runs at that URL and this machine can reach it (--upstream, PEERMEM_UPSTREAM), then try again.\n`,
    );
  });

  it('without a wallet, says where a key can come from, --env-file among them', async () => {
    const walletDir = await makeTempDir('cli-messages');
    const { code, stderr } = await peermem(['call', '/sessions', '--wallet-dir', walletDir.path], {
      PEERMEM_KEYCHAIN: 'off',
    }).finally(() => walletDir.remove());
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^peermem: no wallet: set PEERMEM_PRIVATE_KEY, .*--env-file/);
  });
});
