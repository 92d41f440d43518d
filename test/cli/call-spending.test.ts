import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetSettings } from '../../src/devnet/devnet-settings.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { PROJECT_ROOT } from '../support/mcp-targets.js';
import { makeTempDir } from '../support/temp-dir.js';

type Run = { code: number; stdout: string; stderr: string };

let gateway: TestGateway;
let walletDir: Awaited<ReturnType<typeof makeTempDir>>;
let env: Record<string, string>;

beforeAll(async () => {
  gateway = await startTestGateway();
  walletDir = await makeTempDir('call-spending-');
  env = {
    PATH: process.env.PATH ?? '',
    PEERMEM_KEYCHAIN: 'off',
    PEERMEM_WALLET_DIR: walletDir.path,
    ...Object.fromEntries(devnetSettings(gateway.devnet, gateway.url)),
  };
}, 120_000);
afterAll(async () => {
  await gateway?.close();
  await walletDir?.remove();
});

/** The built bin as its own process, paying the test gateway with the devnet's payer. */
function peermem(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(PROJECT_ROOT, 'dist/src/main.js'), ...args],
      { env, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

const chat = (level: string) =>
  JSON.stringify({ peer: 'ada', query: 'What does Ada grow?', reasoning_level: level });
const payerBalance = () => gateway.devnet.balanceOf(gateway.devnet.payer.address);

describe('peermem call pays within --max-per-call and --daily-budget, in the wallet ledger', () => {
  it('a max chat (0.50 USD) over the default 0.05 USD a call is refused in one line, unpaid', async () => {
    const before = await payerBalance();
    const run = await peermem(['call', '/chat', chat('max')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(
      /^peermem: over the spending limit: \/chat costs 0\.50 USD, more than the 0\.05 USD allowed per call; nothing was signed or paid\..*--max-per-call/,
    );
    expect(await payerBalance()).toBe(before);
  }, 120_000);

  it('a high chat (0.10 USD) with --max-per-call 0.001 --daily-budget 0.001 is refused, unpaid', async () => {
    const before = await payerBalance();
    const run = await peermem([
      'call',
      '/chat',
      chat('high'),
      '--max-per-call',
      '0.001',
      '--daily-budget',
      '0.001',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(
      'over the spending limit: /chat costs 0.10 USD, more than the 0.001 USD allowed per call',
    );
    expect(await payerBalance()).toBe(before);
  }, 120_000);

  it('payments within the limits show in peermem wallet spending; the daily budget binds across processes', async () => {
    const before = await payerBalance();
    const budget = ['--daily-budget', '0.02'];
    const messages = JSON.stringify({
      session: 'garden',
      messages: [{ peer: 'ada', content: 'I grow tulips.' }],
    });
    const wrote = await peermem(['call', '/messages', messages, ...budget]);
    expect(wrote.code, wrote.stderr).toBe(0);
    expect(wrote.stderr).toMatch(
      /^peermem: paid 0\.001 USD for \/messages with x402 \(transaction 0x[0-9a-f]{64}\)/,
    );
    const asked = await peermem(['call', '/chat', chat('low'), ...budget]);
    expect(asked.code, asked.stderr).toBe(0);
    expect(asked.stderr).toContain('today 0.011 of 0.02 USD');

    // Another process, the same wallet: 0.011 of 0.02 is spent, so a second 0.01 does not fit.
    const over = await peermem(['call', '/chat', chat('low'), ...budget]);
    expect(over.code).toBe(1);
    expect(over.stderr.trim().split('\n')).toHaveLength(1);
    expect(over.stderr).toContain(
      'over the daily budget: /chat costs 0.01 USD, and 0.011 of the 0.02 USD allowed today (UTC) is spent; nothing was signed or paid',
    );
    expect(before - (await payerBalance())).toBe(11_000n);

    const spending = await peermem(['wallet', 'spending', ...budget]);
    expect(spending.code, spending.stderr).toBe(0);
    const report = JSON.parse(spending.stdout) as {
      spent_usd: string;
      by_endpoint_usd: Record<string, string>;
      recent: { endpoint: string; amount_usd: string; transaction?: string }[];
    };
    expect(report.spent_usd).toBe('0.011');
    expect(report.by_endpoint_usd).toEqual({ '/messages': '0.001', '/chat': '0.01' });
    expect(report.recent.map(({ endpoint, amount_usd }) => [endpoint, amount_usd])).toEqual([
      ['/chat', '0.01'],
      ['/messages', '0.001'],
    ]);
  }, 240_000);
});
