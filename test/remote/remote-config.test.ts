import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.js';

const KEY = `0x${'1'.repeat(64)}`;

describe('remote mode settings', () => {
  test('--upstream makes peermem mcp remote, with the default limits', () => {
    const config = loadConfig(['--upstream', 'https://memory.example'], { PEERMEM_WALLET_DIR: '/w' });
    expect(config.remote).toBe(true);
    expect(config.wallet).toMatchObject({
      upstream: 'https://memory.example',
      dir: '/w',
      maxPerCall: 50_000n,
      dailyBudget: 1_000_000n,
      payWith: 'x402',
    });
    expect(config.wallet?.privateKey).toBeUndefined();
  });

  test('PEERMEM_UPSTREAM and the limits from the environment, flags winning', () => {
    const config = loadConfig(['--max-per-call', '0.10'], {
      PEERMEM_UPSTREAM: 'http://127.0.0.1:9000',
      PEERMEM_MAX_PER_CALL: '0.01',
      PEERMEM_DAILY_BUDGET: '2.5',
      PEERMEM_PRIVATE_KEY: KEY,
    });
    expect(config.remote).toBe(true);
    expect(config.wallet).toMatchObject({ maxPerCall: 100_000n, dailyBudget: 2_500_000n, privateKey: KEY });
  });

  test('without --upstream the server is embedded and has no wallet', () => {
    const config = loadConfig([], {});
    expect(config.remote).toBe(false);
    expect(config.wallet).toBeUndefined();
  });

  test('a limit that is not an amount names the flag and the variable', () => {
    expect(() => loadConfig(['--upstream', 'http://127.0.0.1:1', '--daily-budget', '1,5'], {})).toThrow(
      '--daily-budget (PEERMEM_DAILY_BUDGET): must be an amount in US dollars, such as 0.05',
    );
    expect(() => loadConfig(['--upstream', 'http://127.0.0.1:1', '--max-per-call=-1'], {})).toThrow(
      '--max-per-call (PEERMEM_MAX_PER_CALL): must be an amount in US dollars, such as 0.05',
    );
  });

  test('a workspace with --upstream is refused with the reason', () => {
    expect(() =>
      loadConfig(['--upstream', 'http://127.0.0.1:1'], { PEERMEM_WORKSPACE_FROM_DIR: '.' }),
    ).toThrow(
      "--workspace-from-dir (PEERMEM_WORKSPACE_FROM_DIR): not used with --upstream: the upstream keeps one workspace per wallet, the wallet's own; remove it, or use another wallet for another memory",
    );
  });

  test('--upstream given to a command that works on the local memory is refused, not ignored', () => {
    expect(() => loadConfig(['status', '--upstream', 'http://127.0.0.1:1'], {})).toThrow(
      '--upstream: peermem status works on the local memory; only peermem mcp, call and wallet use an upstream gateway',
    );
    // The variable, as a devnet's settings file carries it for every command, stays harmless.
    expect(loadConfig(['worker'], { PEERMEM_UPSTREAM: 'http://127.0.0.1:1' }).command).toBe('worker');
  });

  test('peermem wallet reads its action and the wallet folder', () => {
    const config = loadConfig(['wallet', 'address', '--wallet-dir', '/keys'], {});
    expect(config.command).toBe('wallet');
    expect(config.args).toEqual(['address']);
    expect(config.wallet).toMatchObject({ dir: '/keys', keychain: true });
    expect(loadConfig(['wallet', 'init'], { PEERMEM_KEYCHAIN: 'off' }).wallet?.keychain).toBe(false);
  });
});
