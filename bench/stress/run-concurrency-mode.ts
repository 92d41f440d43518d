import { fileURLToPath } from 'node:url';
import { devnetPaymentSettings } from '../../src/devnet/devnet-payment-settings.js';
import { startDevnet } from '../../src/devnet/start-devnet.js';
import { createEngine, DEFAULT_DERIVER } from '../../src/engine/create-engine.js';
import { createGatewayBackend } from '../../src/engine/create-gateway-backend.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { serveGateway } from '../../src/http/gateway/serve-gateway.js';
import { createWalletFetch } from '../../test/support/wallet-fetch.js';
import {
  type ConcurrencyReport,
  gatewayWriters,
  mcpWriters,
  runConcurrentWriters,
} from './concurrent-writers.js';
import { machineLine } from './fuzz-report.js';
import { startHttpServer } from './http-server-process.js';
import { createStressStorage } from './stress-storage.js';

const SERVER_ENTRY = fileURLToPath(new URL('../../src/main.js', import.meta.url));

/**
 * `bench:stress -- --concurrency`: `writers` writers at once to one session, through a
 * `peermem mcp --http` process (learning on) and through the gateway paying on a devnet, on each
 * database; one row each. A loss, a duplicate, a writer's message out of its order or pages that
 * disagree fail the run; a paid write refused with a 402 is counted, not a failure.
 */
export async function runConcurrencyMode(settings: {
  writers: number;
  turns: number;
  databases: readonly ('pglite' | 'postgres')[];
}): Promise<void> {
  const startedAt = new Date();
  const devnet = await startDevnet();
  const rows: { label: string; report: ConcurrencyReport }[] = [];
  try {
    for (const database of settings.databases) {
      const storage = await createStressStorage(database);
      try {
        console.error(`[stress] concurrency MCP HTTP ${database} ...`);
        const server = await startHttpServer(SERVER_ENTRY, ['mcp', '--http', ...storage.args]);
        try {
          const writers = await mcpWriters(`${server.url}/mcp`, settings.writers);
          rows.push({
            label: `MCP HTTP, ${database}`,
            report: await runConcurrentWriters(writers, settings.writers, settings.turns, 2),
          });
        } finally {
          await server.stop();
        }
      } finally {
        await storage.remove();
      }
      const gatewayStorage = await createStressStorage(database);
      const db = gatewayStorage.openDirect();
      const engine = createEngine(db, {
        learning: createLearning(OFFLINE_LEARNING),
        contextTokens: 8192,
        deriver: DEFAULT_DERIVER,
      });
      try {
        console.error(`[stress] concurrency gateway ${database} ...`);
        const gateway = await serveGateway({
          backend: createGatewayBackend(db, engine),
          payments: devnetPaymentSettings(devnet),
          host: '127.0.0.1',
          port: 0,
        });
        try {
          const wallet = createWalletFetch(devnet.payer.privateKey, {
            allowedAssets: [{ network: devnet.network, asset: devnet.usdc.address }],
          });
          const turns = Math.max(1, Math.ceil(settings.turns / 5));
          rows.push({
            label: `gateway (paid), ${database}`,
            report: await runConcurrentWriters(
              gatewayWriters(gateway.url, wallet),
              settings.writers,
              turns,
              2,
            ),
          });
        } finally {
          await gateway.close();
        }
      } finally {
        await engine.stop();
        await db.close();
        await gatewayStorage.remove();
      }
    }
  } finally {
    await devnet.stop();
  }
  const broken = rows.filter(
    ({ report: r }) =>
      r.lost + r.duplicates + r.outOfOrder + r.inconsistentPages > 0 || r.total !== r.acknowledged,
  );
  console.log(
    [
      '## peermem bench:stress --concurrency',
      '',
      `${machineLine(startedAt)} · ${settings.writers} writers · run took ${Math.round((Date.now() - startedAt.getTime()) / 1000)} s`,
      '',
      '| target | writers | calls | refused | msgs acknowledged | msgs listed | lost | twice | out of order | pages disagreeing | interleavings | calls/s |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        ({ label, report: r }) =>
          `| ${label} | ${r.writers} | ${r.tries} | ${r.errors} | ${r.acknowledged} | ${r.total} | ${r.lost} | ${r.duplicates} | ${r.outOfOrder} | ${r.inconsistentPages} | ${r.interleavings} | ${((r.tries * 1000) / r.elapsedMs).toFixed(1)} |`,
      ),
      '',
      ...rows
        .filter(({ report }) => report.firstError)
        .map(({ label, report }) => `- ${label}, first refusal: ${report.firstError?.slice(0, 160)}`),
      broken.length === 0
        ? 'Nothing lost, nothing twice, every writer in its order.'
        : 'BROKEN: see the rows above.',
    ].join('\n'),
  );
  if (broken.length > 0) process.exitCode = 1;
}
