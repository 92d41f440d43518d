import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { devnetPaymentSettings } from '../../src/devnet/devnet-payment-settings.js';
import type { Devnet } from '../../src/devnet/start-devnet.js';
import { createEngine, DEFAULT_DERIVER } from '../../src/engine/create-engine.js';
import { createGatewayBackend } from '../../src/engine/create-gateway-backend.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { serveGateway } from '../../src/http/gateway/serve-gateway.js';
import { createMcpServer } from '../../src/mcp/create-mcp-server.js';
import { createWalletFetch } from '../../test/support/wallet-fetch.js';
import { type BenchStore, createPgliteStore, createPostgresStore } from '../bench-stores.js';
import { startStdioServer } from '../stdio-server.js';
import { gatewayFuzzTarget, seedGateway } from './gateway-fuzz.js';
import { resourceFuzzTarget } from './resource-fuzz.js';
import type { FuzzTarget } from './run-fuzz.js';
import type { StressDatabase, StressTargetKind } from './stress-settings.js';
import { seedMemory, toolFuzzTarget } from './tool-fuzz.js';

/** A fuzz target with its server running and seeded, and how to stop it and remove what it stored. */
export type OpenTarget = { target: FuzzTarget<unknown>; close(): Promise<void> };

/**
 * Starts what `kind` fuzzes on a store of its own (PGlite in a new folder, or a new workspace in
 * the bench's Postgres database): an engine in this process behind a real MCP client, a spawned
 * `peermem mcp` over stdio, or the gateway on loopback paid on `devnet`. The tests start the same
 * servers through test/support, which is not part of the build.
 */
export async function openStressTarget(
  kind: StressTargetKind,
  database: StressDatabase,
  timeoutMs: number,
  devnet: () => Promise<Devnet>,
): Promise<OpenTarget> {
  const store = database === 'pglite' ? await createPgliteStore() : await createPostgresStore();
  const label = `${kind} ${store.label}`;
  try {
    if (kind === 'stdio') {
      const server = await startStdioServer(store.serverArgs, { learning: false });
      await seedMemory(server.client);
      return {
        target: (await toolFuzzTarget(label, server.client, timeoutMs)) as FuzzTarget<unknown>,
        close: async () => {
          await server.close();
          await store.dispose();
        },
      };
    }
    if (kind === 'gateway') return await openGateway(label, store, timeoutMs, await devnet());
    return await openInProcess(kind, label, store, timeoutMs);
  } catch (error) {
    await store.dispose();
    throw error;
  }
}

function openEngine(store: BenchStore) {
  const database = openDatabase(store.location);
  const engine = createEngine(database, {
    learning: createLearning(OFFLINE_LEARNING),
    contextTokens: 8192,
    deriver: { ...DEFAULT_DERIVER, pollMs: 200 },
  });
  return {
    engine,
    database,
    async close() {
      await engine.stop();
      await database.close();
      await store.dispose();
    },
  };
}

async function openInProcess(
  kind: 'tools' | 'resources',
  label: string,
  store: BenchStore,
  timeoutMs: number,
): Promise<OpenTarget> {
  const opened = openEngine(store);
  const memory = opened.engine.memory(store.workspace);
  const handler = createMcpHandler(() => createMcpServer({ memory }));
  const client = new Client({ name: 'peermem-stress', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://in-process.test/mcp'), {
      // The transport sends one long-lived AbortSignal with every request; each Request made
      // from it holds a listener on it until collected, which thousands of calls turn into
      // MaxListenersExceededWarning. Nothing here aborts the in-process handler.
      fetch: (url, init) => handler.fetch(new Request(url, { ...init, signal: null })),
    }),
  );
  await seedMemory(client);
  const target =
    kind === 'tools'
      ? await toolFuzzTarget(label, client, timeoutMs)
      : resourceFuzzTarget(label, client, timeoutMs);
  return {
    target: target as FuzzTarget<unknown>,
    async close() {
      await client.close();
      await handler.close();
      await opened.close();
    },
  };
}

async function openGateway(
  label: string,
  store: BenchStore,
  timeoutMs: number,
  devnet: Devnet,
): Promise<OpenTarget> {
  const opened = openEngine(store);
  const server = await serveGateway({
    backend: createGatewayBackend(opened.database, opened.engine),
    payments: devnetPaymentSettings(devnet),
    host: '127.0.0.1',
    port: 0,
  });
  const wallet = createWalletFetch(devnet.payer.privateKey, {
    allowedAssets: [{ network: devnet.network, asset: devnet.usdc.address }],
  });
  await seedGateway({ url: server.url, wallet });
  return {
    target: gatewayFuzzTarget(label, { url: server.url, wallet }, timeoutMs) as FuzzTarget<unknown>,
    async close() {
      await server.close();
      // The gateway keeps each wallet's memory in a workspace named after the wallet, beside the
      // store's own: removed too, so the bench's Postgres database does not grow run after run.
      await opened.database.query('DELETE FROM workspaces WHERE id = $1', [devnet.payer.address]);
      await opened.close();
    },
  };
}
