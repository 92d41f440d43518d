import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayWriters, mcpWriters, runConcurrentWriters } from '../../bench/stress/concurrent-writers.js';
import { startHttpServer } from '../../bench/stress/http-server-process.js';
import { type Devnet, startDevnet } from '../../src/devnet/start-devnet.js';
import type { DatabaseLocation } from '../../src/engine/database/open-database.js';
import { startTestGateway } from '../support/gateway.js';
import { PROJECT_ROOT } from '../support/mcp-targets.js';
import { createIsolatedDatabase } from '../support/postgres.js';
import { makeTempDir } from '../support/temp-dir.js';
import { createWalletFetch } from '../support/wallet-fetch.js';

// The short version of `npm run bench:stress -- --concurrency`: many writers to one session at
// once, each in its own order; the session must list every acknowledged message once, each
// writer's in the order it wrote them, the same order in pages of any size and direction.
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet();
  cleanups.push(() => devnet.stop());
});

const expectConsistent = (report: Awaited<ReturnType<typeof runConcurrentWriters>>, total: number) => {
  expect(report.firstError).toBeUndefined();
  expect(report).toMatchObject({
    errors: 0,
    total,
    duplicates: 0,
    lost: 0,
    outOfOrder: 0,
    inconsistentPages: 0,
  });
  // The writes did overlap: the session is not one writer's messages after another's.
  expect(report.interleavings).toBeGreaterThan(report.writers);
};

describe.each(['pglite', 'postgres'] as const)('writers to one session at once on %s', (database) => {
  it('16 MCP clients over HTTP to a `peermem mcp --http` process, learning on: none lost, each in its order', async () => {
    let storage: string[];
    if (database === 'pglite') {
      const dir = await makeTempDir();
      cleanups.push(dir.remove);
      storage = ['--data-dir', dir.path];
    } else storage = ['--database-url', await createIsolatedDatabase('concurrent_http')];
    const server = await startHttpServer(join(PROJECT_ROOT, 'dist/src/main.js'), [
      'mcp',
      '--http',
      ...storage,
    ]);
    cleanups.push(server.stop);
    const writers = 16;
    const report = await runConcurrentWriters(await mcpWriters(`${server.url}/mcp`, writers), writers, 10, 2);
    expectConsistent(report, writers * 10 * 2);
  }, 120_000);

  it('8 writers paying for each /messages at the gateway with one wallet: none lost, each in its order', async () => {
    const location: DatabaseLocation =
      database === 'pglite'
        ? { kind: 'memory' }
        : { kind: 'postgres', url: await createIsolatedDatabase('concurrent_gateway') };
    const gateway = await startTestGateway(location, devnet);
    cleanups.push(gateway.close);
    const wallet = createWalletFetch(devnet.payer.privateKey, {
      allowedAssets: [{ network: devnet.network, asset: devnet.usdc.address }],
    });
    const balanceBefore = await devnet.balanceOf(devnet.payer.address);
    const writers = 8;
    const report = await runConcurrentWriters(gatewayWriters(gateway.url, wallet), writers, 3, 2);
    // The facilitator settles the writers' payments at once from one key; each gets its own nonce.
    expect(report.errors).toBe(0);
    expect(report).toMatchObject({
      total: report.acknowledged,
      duplicates: 0,
      lost: 0,
      outOfOrder: 0,
      inconsistentPages: 0,
    });
    expect(report.acknowledged).toBeGreaterThan(0);
    expect(report.acknowledged).toBe(writers * 3 * 2);
    // Every call (two short messages) was paid once, at the floor price of 0.001 USD.
    const spent = balanceBefore - (await devnet.balanceOf(devnet.payer.address));
    expect(spent).toBe(BigInt(writers * 3) * 1_000n);
  }, 180_000);
});
