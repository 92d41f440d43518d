import { execFile } from 'node:child_process';
import { appendFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { formatUsd, SpendingLedger } from '../../src/remote/spending-ledger.js';
import { MemoryError } from '../../src/service/errors.js';
import { PROJECT_ROOT } from '../support/mcp-targets.js';
import { makeTempDir } from '../support/temp-dir.js';

let dir: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => dir.remove());

test('amounts read as dollars', () => {
  expect(formatUsd(1_000n)).toBe('0.001');
  expect(formatUsd(500_000n)).toBe('0.50');
  expect(formatUsd(1_000_000n)).toBe('1.00');
  expect(formatUsd(2_500n)).toBe('0.0025');
});

test('a price over the per-call limit is refused naming both, and nothing is recorded', async () => {
  const ledger = new SpendingLedger(dir.path, { maxPerCall: 100_000n, dailyBudget: 1_000_000n });
  const refusal = await ledger.reserve('/chat', 500_000n).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(MemoryError);
  expect((refusal as MemoryError).message).toBe(
    'over the spending limit: /chat costs 0.50 USD, more than the 0.10 USD allowed per call; nothing was signed or paid',
  );
  expect(await ledger.report()).toMatchObject({ total: 0n, remaining: 1_000_000n });
});

test('reserved counts until released; settled stays; a torn last line is ignored; the file is 0600', async () => {
  const ledger = new SpendingLedger(dir.path, { maxPerCall: 50_000n, dailyBudget: 100_000n });
  const paid = await ledger.reserve('/messages', 1_000n);
  await ledger.settled(paid, '0xabc');
  const refused = await ledger.reserve('/chat', 10_000n);
  await ledger.released(refused);
  await ledger.reserve('/chat', 10_000n);
  await appendFile(ledger.file, '{"kind":"reserved","id":"x","at":"20');
  expect(await ledger.report()).toMatchObject({
    total: 11_000n,
    remaining: 89_000n,
    byEndpoint: { '/messages': 1_000n, '/chat': 10_000n },
  });
  expect((await stat(ledger.file)).mode & 0o777).toBe(0o600);
  // Yesterday's spending does not count today.
  const tomorrow = new Date(Date.now() + 86_400_000);
  expect((await ledger.report(tomorrow)).total).toBe(0n);
});

test('two processes reserving at once never pass the daily budget together', async () => {
  const module = join(PROJECT_ROOT, 'dist/src/remote/spending-ledger.js');
  const script = `
    const { SpendingLedger } = await import(${JSON.stringify(module)});
    const ledger = new SpendingLedger(process.argv[1], { maxPerCall: 1000n, dailyBudget: 15000n });
    let ok = 0;
    await Promise.all(Array.from({ length: 10 }, () => ledger.reserve('/messages', 1000n).then(() => { ok += 1; }, () => {})));
    console.log(ok);
  `;
  const run = () =>
    promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, dir.path]).then(
      ({ stdout }) => Number(stdout.trim()),
    );
  const [first, second] = await Promise.all([run(), run()]);
  expect((first ?? 0) + (second ?? 0)).toBe(15);
  const ledger = new SpendingLedger(dir.path, { maxPerCall: 1000n, dailyBudget: 15000n });
  expect((await ledger.report()).total).toBe(15_000n);
});
