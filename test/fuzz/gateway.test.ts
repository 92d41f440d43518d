import { afterAll, beforeAll, describe, it } from 'vitest';
import { gatewayFuzzTarget, seedGateway } from '../../bench/stress/gateway-fuzz.js';
import { runFuzz } from '../../bench/stress/run-fuzz.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { POSTGRES_URL } from '../support/postgres.js';
import { createWalletFetch } from '../support/wallet-fetch.js';
import { CALL_TIMEOUT_MS, expectNoFailures, FUZZ_TEST_TIMEOUT_MS, testBudget } from './fuzz-budget.js';

describe('every gateway endpoint, fuzzed over HTTP', () => {
  let pglite: TestGateway;
  let postgres: TestGateway;
  beforeAll(async () => {
    pglite = await startTestGateway({ kind: 'memory' });
    postgres = await startTestGateway({ kind: 'postgres', url: POSTGRES_URL }, pglite.devnet);
  }, 120_000);
  afterAll(async () => {
    await postgres?.close();
    await pglite?.close();
  });

  it.each([
    ['PGlite', () => pglite, 100],
    ['Postgres', () => postgres, 50],
  ] as const)(
    '%s: no 5xx, no hang, 4xx in the gateway error shape naming the field, signed requests served',
    async (name, gateway, runs) => {
      const { url, devnet } = gateway();
      const wallet = createWalletFetch(devnet.payer.privateKey, {
        allowedAssets: [{ network: devnet.network, asset: devnet.usdc.address }],
      });
      await seedGateway({ url, wallet });
      const target = gatewayFuzzTarget(`gateway ${name}`, { url, wallet }, CALL_TIMEOUT_MS);
      expectNoFailures(await runFuzz(target, testBudget(runs)), 'test/fuzz/gateway.test.ts');
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
