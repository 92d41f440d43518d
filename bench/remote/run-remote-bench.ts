import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { devnetPaymentSettings } from '../../src/devnet/devnet-payment-settings.js';
import { startDevnet } from '../../src/devnet/start-devnet.js';
import { createEngine } from '../../src/engine/create-engine.js';
import { createGatewayBackend } from '../../src/engine/create-gateway-backend.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { serveGateway } from '../../src/http/gateway/serve-gateway.js';
import { createMcpServer } from '../../src/mcp/create-mcp-server.js';
import { createRemoteMemoryService } from '../../src/remote/remote-memory-service.js';
import { SpendingLedger } from '../../src/remote/spending-ledger.js';
import { UpstreamClient } from '../../src/remote/upstream-client.js';
import type { MemoryService } from '../../src/service/memory-service.js';
import { type Latency, measureLatency, summarize } from '../measure-latency.js';
import { parseBenchFlags } from '../parse-bench-flags.js';
import { runScript } from '../run-script.js';

const USAGE = `Usage: npm run bench:remote -- [--iterations N]

Per-call latency of the MCP tools in remote mode (peermem mcp --upstream, against the gateway on
loopback, paying on a local chain) and in embedded mode, one call at a time. Prints a markdown table.
  --iterations N   calls per measurement (200)`;

const flags = parseBenchFlags(process.argv.slice(2), { iterations: { type: 'string' } }, USAGE);
const ITERATIONS = Number(flags.iterations ?? 200);
/** The pause between spaced calls: time for the sign-in prepared ahead to be ready, as between an agent's calls. */
const SPACING_MS = 50;

/**
 * `npm run bench:remote`: one MCP client (in this process, over the SDK's Streamable HTTP
 * handler) calls the same tools on two servers: embedded (PGlite in memory, deriver off) and
 * remote (the remote memory service of a devnet wallet, against the gateway on loopback, itself
 * on PGlite in memory, paid in USDC on anvil through the built-in facilitator).
 */
async function main(): Promise<void> {
  const devnet = await startDevnet();
  const gatewayDatabase = openDatabase({ kind: 'memory' });
  const gatewayEngine = createEngine(gatewayDatabase, {
    learning: createLearning(OFFLINE_LEARNING),
    contextTokens: 8192,
    deriver: false,
  });
  const server = await serveGateway({
    backend: createGatewayBackend(gatewayDatabase, gatewayEngine),
    payments: devnetPaymentSettings(devnet),
    host: '127.0.0.1',
    port: 0,
  });
  const localDatabase = openDatabase({ kind: 'memory' });
  const localEngine = createEngine(localDatabase, {
    learning: createLearning(OFFLINE_LEARNING),
    contextTokens: 8192,
    deriver: false,
  });
  // Migrated before the clock starts, as a long-running server is.
  await gatewayDatabase.query('SELECT 1');
  await localDatabase.query('SELECT 1');
  const walletDir = await mkdtemp(join(tmpdir(), 'peermem-bench-remote-'));
  const remote = createRemoteMemoryService(
    new UpstreamClient({
      upstream: server.url,
      privateKey: devnet.payer.privateKey,
      ledger: new SpendingLedger(walletDir, { maxPerCall: 10_000n, dailyBudget: 100_000_000n }),
      payWith: 'x402',
      x402Assets: [{ network: devnet.network, asset: devnet.usdc.address }],
      log: () => {},
    }),
  );
  const embedded = await connect(localEngine.memory('bench'));
  const remoteClient = await connect(remote);
  const options = { warmup: 10, iterations: ITERATIONS, timeLimitMs: 120_000 };

  const rows: { name: string; embedded: Latency; remote: Latency; note: string }[] = [];
  // The session both measurements read, in each mode.
  for (const [client, label] of [
    [embedded.client, 'embedded'],
    [remoteClient.client, 'remote'],
  ] as const) {
    console.error(`peermem bench:remote: ${label} ...`);
    await call(client, 'add_session_peers', { session: 'bench', peers: ['alice', 'bob'] });
  }
  const free = (client: Client) => () => call(client, 'list_session_peers', { session: 'bench' });
  const paid = (client: Client) => (index: number) =>
    call(client, 'add_messages', {
      session: 'bench',
      messages: [{ peer: 'alice', content: `Message number ${index} of the benchmark.` }],
    });
  rows.push({
    name: 'free call (`list_session_peers`), back to back',
    embedded: await measureLatency(free(embedded.client), options),
    remote: await measureLatency(free(remoteClient.client), options),
    note: 'remote: SIWX sign-in prepared ahead, waited for when still on its way: 1 round trip after it',
  });
  rows.push({
    name: `free call, ${SPACING_MS} ms apart`,
    embedded: await spaced(free(embedded.client), options),
    remote: await spaced(free(remoteClient.client), options),
    note: 'remote: the sign-in prepared ahead is ready: 1 round trip',
  });
  rows.push({
    name: 'paid `add_messages` (0.001 USD)',
    embedded: await measureLatency(paid(embedded.client), options),
    remote: await measureLatency(paid(remoteClient.client), options),
    note: 'remote: 402 offer, policy and ledger, EIP-3009 signature, verify, store, settle on chain (2 round trips)',
  });

  const ms = (value: number) => value.toFixed(1);
  process.stdout.write(
    [
      `peermem bench:remote, ${ITERATIONS} calls each, one at a time (Node ${process.version})`,
      '',
      '| call | embedded p50 ms | embedded p95 ms | remote p50 ms | remote p95 ms | remote / embedded (p50) | what the remote call adds |',
      '|---|---|---|---|---|---|---|',
      ...rows.map(
        (row) =>
          `| ${row.name} | ${ms(row.embedded.p50)} | ${ms(row.embedded.p95)} | ${ms(row.remote.p50)} | ${ms(row.remote.p95)} | ${(row.remote.p50 / row.embedded.p50).toFixed(1)}× | ${row.note} |`,
      ),
      '',
    ].join('\n'),
  );
  await embedded.close();
  await remoteClient.close();
  await server.close();
  await gatewayEngine.stop();
  await localEngine.stop();
  await gatewayDatabase.close();
  await localDatabase.close();
  await devnet.stop();
  await rm(walletDir, { recursive: true, force: true });
}

async function connect(memory: MemoryService) {
  const handler = createMcpHandler(() => createMcpServer({ memory }));
  const client = new Client({ name: 'peermem-bench-remote', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://in-process.bench/mcp'), {
      fetch: (url, init) => handler.fetch(new Request(url, init)),
    }),
  );
  return {
    client,
    async close() {
      await client.close();
      await handler.close();
    },
  };
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<void> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
}

/** Like measureLatency, with a pause (not counted) before each call. */
async function spaced(
  operation: (index: number) => Promise<unknown>,
  options: { warmup: number; iterations: number },
): Promise<Latency> {
  for (let index = 0; index < options.warmup; index++) await operation(index);
  const samples: number[] = [];
  let total = 0;
  for (let index = 0; index < options.iterations; index++) {
    await new Promise((resolve) => setTimeout(resolve, SPACING_MS));
    const before = performance.now();
    await operation(options.warmup + index);
    const took = performance.now() - before;
    samples.push(took);
    total += took;
  }
  return summarize(samples, total);
}

await runScript(main);
