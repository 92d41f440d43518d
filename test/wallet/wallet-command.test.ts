import { execFile } from 'node:child_process';
import { chmod, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AsyncEntry } from '@napi-rs/keyring';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Devnet, startDevnet } from '../../src/devnet/start-devnet.js';
import { SpendingLedger } from '../../src/remote/spending-ledger.js';
import { findWalletKey, walletFile } from '../../src/wallet/wallet-store.js';
import { PROJECT_ROOT } from '../support/mcp-targets.js';
import { makeTempDir } from '../support/temp-dir.js';

type Run = { code: number; stdout: string; stderr: string };

/** `peermem wallet ...` as a process, the keychain off unless told otherwise. */
function wallet(args: string[], env: Record<string, string>, input?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [join(PROJECT_ROOT, 'dist/src/main.js'), 'wallet', ...args],
      { env: { ...process.env, PEERMEM_PRIVATE_KEY: '', PEERMEM_KEYCHAIN: 'off', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
    child.stdin?.end(input ?? '');
  });
}

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(async () => dir?.remove());

describe('peermem wallet, keeping the key in a file (no keychain)', () => {
  test('init makes a 0600 key file and names it; address reads it back; the key is never printed', async () => {
    const env = { PEERMEM_WALLET_DIR: join(dir.path, 'init') };
    const init = await wallet(['init'], env);
    expect(init.code).toBe(0);
    const address = init.stdout.trim();
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const file = walletFile(env.PEERMEM_WALLET_DIR);
    expect(init.stderr).toBe(`peermem: wallet ${address} kept in ${file}\n`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const found = await findWalletKey({ dir: env.PEERMEM_WALLET_DIR, keychain: false });
    expect(privateKeyToAccount(found?.privateKey ?? '0x').address).toBe(address);
    const shown = await wallet(['address'], env);
    expect(shown).toEqual({ code: 0, stdout: `${address}\n`, stderr: `peermem: the wallet from ${file}\n` });
    for (const run of [init, shown])
      expect(run.stdout + run.stderr).not.toContain(found?.privateKey.slice(2));

    const again = await wallet(['init'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      `peermem: ${file} already holds wallet ${address}; run peermem wallet forget first\n`,
    );
  });

  test('a key file others may read is refused, naming the file and what to do', async () => {
    const env = { PEERMEM_WALLET_DIR: join(dir.path, 'loose') };
    expect((await wallet(['init'], env)).code).toBe(0);
    const file = walletFile(env.PEERMEM_WALLET_DIR);
    await chmod(file, 0o644);
    const refused = await wallet(['address'], env);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      `peermem: ${file}: readable by others (mode 644); refused. Run chmod 600 ${file}, and move the funds to a new wallet if others may have read it\n`,
    );
  });

  test('import reads the key from standard input; forget removes it; a bad key is refused without echoing it', async () => {
    const env = { PEERMEM_WALLET_DIR: join(dir.path, 'import') };
    const key = generatePrivateKey();
    const address = privateKeyToAccount(key).address;
    const imported = await wallet(['import'], env, `${key}\n`);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toBe(`${address}\n`);
    expect(imported.stdout + imported.stderr).not.toContain(key.slice(2));

    const forgotten = await wallet(['forget'], env);
    expect(forgotten).toEqual({
      code: 0,
      stdout: '',
      stderr: `peermem: removed the wallet from ${walletFile(env.PEERMEM_WALLET_DIR)}\n`,
    });
    expect((await wallet(['address'], env)).code).toBe(1);

    const bad = await wallet(['import'], env, 'not-a-key-0123456789');
    expect(bad.code).toBe(1);
    expect(bad.stderr).not.toContain('not-a-key');
  });

  test('PEERMEM_PRIVATE_KEY wins over a kept wallet, and the command says so', async () => {
    const key = generatePrivateKey();
    const shown = await wallet(['address'], {
      PEERMEM_WALLET_DIR: join(dir.path, 'init'),
      PEERMEM_PRIVATE_KEY: key,
    });
    expect(shown).toEqual({
      code: 0,
      stdout: `${privateKeyToAccount(key).address}\n`,
      stderr: 'peermem: the wallet from PEERMEM_PRIVATE_KEY\n',
    });
  });
});

describe('peermem wallet spending', () => {
  test("today's total, by endpoint, the remaining budget and the last payments, as JSON", async () => {
    const walletDir = join(dir.path, 'spending');
    const ledger = new SpendingLedger(walletDir, { maxPerCall: 50_000n, dailyBudget: 1_000_000n });
    await ledger.settled(await ledger.reserve('/messages', 1_000n), '0xfeed');
    await ledger.released(await ledger.reserve('/chat', 10_000n));
    const run = await wallet(['spending'], { PEERMEM_WALLET_DIR: walletDir, PEERMEM_DAILY_BUDGET: '1.00' });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(`peermem: the spending ledger ${ledger.file}\n`);
    expect(JSON.parse(run.stdout)).toEqual({
      day: new Date().toISOString().slice(0, 10),
      spent_usd: '0.001',
      daily_budget_usd: '1.00',
      remaining_usd: '0.999',
      max_per_call_usd: '0.05',
      by_endpoint_usd: { '/messages': '0.001' },
      recent: [{ at: expect.any(String), endpoint: '/messages', transaction: '0xfeed', amount_usd: '0.001' }],
    });
  });
});

describe('peermem wallet balance', () => {
  let devnet: Devnet;
  beforeAll(async () => {
    devnet = await startDevnet();
  }, 120_000);
  afterAll(async () => devnet?.stop());

  test('reads the configured token on the configured chain', async () => {
    const run = await wallet(['balance'], {
      PEERMEM_PRIVATE_KEY: devnet.payer.privateKey,
      PEERMEM_RPC_URL: devnet.rpcUrl,
      PEERMEM_X402_NETWORK: devnet.network,
      PEERMEM_X402_ASSET: devnet.usdc.address,
    });
    const units = await devnet.balanceOf(devnet.payer.address);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `${units / 1_000_000n}.${(units % 1_000_000n).toString().padStart(6, '0')} USDC\n`,
    );
    expect(run.stderr).toContain(`token ${devnet.usdc.address} on ${devnet.network}, ${units} base units`);
  });
});

/** Whether this machine offers a keychain peermem can use (a desktop session, macOS, Windows). */
async function keychainAvailable(): Promise<boolean> {
  try {
    await new AsyncEntry('peermem-test-probe', 'probe', { linux: { store: 'secret-service' } }).getPassword();
    return true;
  } catch {
    return false;
  }
}

const hasKeychain = await keychainAvailable();
describe.skipIf(!hasKeychain)(
  'peermem wallet in the OS keychain (skipped: no keychain on this machine, e.g. headless Linux without a secret service)',
  () => {
    test('init keeps the key in the keychain and names it; forget removes it', async () => {
      const env = { PEERMEM_WALLET_DIR: join(dir.path, 'keychain'), PEERMEM_KEYCHAIN: 'on' };
      const existing = await findWalletKey({ dir: env.PEERMEM_WALLET_DIR });
      // Never touch a wallet the user keeps in this machine's keychain.
      if (existing?.store === 'keychain') return;
      const init = await wallet(['init'], env);
      expect(init.stderr).toContain('kept in the OS keychain');
      expect((await wallet(['address'], env)).stderr).toBe('peermem: the wallet from the OS keychain\n');
      expect((await wallet(['forget'], env)).stderr).toBe(
        'peermem: removed the wallet from the OS keychain\n',
      );
    });
  },
);
