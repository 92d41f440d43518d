import { devnetPaymentSettings } from '../../src/devnet/devnet-payment-settings.js';
import { type Devnet, startDevnet } from '../../src/devnet/start-devnet.js';
import { createEngine, DEFAULT_DERIVER } from '../../src/engine/create-engine.js';
import { createGatewayBackend } from '../../src/engine/create-gateway-backend.js';
import type { Database } from '../../src/engine/database/database.js';
import { type DatabaseLocation, openDatabase } from '../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { type ServeGatewayOptions, serveGateway } from '../../src/http/gateway/serve-gateway.js';
import type { PaymentSettings } from '../../src/payments/payment-settings.js';

export type TestGateway = {
  url: string;
  devnet: Devnet;
  database: Database;
  payments: PaymentSettings;
  close(): Promise<void>;
};

/**
 * The gateway on a real loopback port, paid on real local chains (anvil with Circle's USDC
 * through the built-in facilitator for x402, anvil in Tempo mode for MPP), storing in a throw-away PGlite database unless told otherwise.
 */
export async function startTestGateway(
  location: DatabaseLocation = { kind: 'memory' },
  devnet?: Devnet,
  /** Changes the devnet's payment settings (to break settlement, say). */
  change: (payments: PaymentSettings) => PaymentSettings = (payments) => payments,
  /**
   * The public URL and sign-in secret, to stand beside another gateway as a load balancer would;
   * rate limits (none unless given); a usage recorder.
   */
  serve: Pick<ServeGatewayOptions, 'publicUrl' | 'signInSecret' | 'rateLimits' | 'usage'> = {},
): Promise<TestGateway> {
  const chain = devnet ?? (await startDevnet());
  const database = openDatabase(location);
  // Migrated now, not at the first request that stores: that takes seconds on PGlite, and would
  // stall the requests of a test (and keep-alive connections would time out under them).
  await database.query('SELECT 1');
  const engine = createEngine(database, {
    learning: createLearning(OFFLINE_LEARNING),
    contextTokens: 8192,
    deriver: { ...DEFAULT_DERIVER, pollMs: 50 },
  });
  const payments = change(devnetPaymentSettings(chain));
  const server = await serveGateway({
    backend: createGatewayBackend(database, engine),
    payments,
    host: '127.0.0.1',
    port: 0,
    ...serve,
  });
  return {
    url: server.url,
    devnet: chain,
    database,
    payments,
    async close() {
      await server.close();
      await engine.stop();
      await database.close();
      if (devnet === undefined) await chain.stop();
    },
  };
}

/** The tables a paid write can add rows to; after a write that was not paid for, all are empty. */
const WRITTEN_TABLES = ['messages', 'sessions', 'peers', 'session_peers', 'derivation_tasks', 'workspaces'];

/** Rows in the tables a paid write fills, by table: all zero when nothing was stored. */
export async function storedRows(database: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of WRITTEN_TABLES) {
    counts[table] = (await database.query(`SELECT 1 FROM ${table}`)).length;
  }
  return counts;
}

export const NOTHING_STORED = Object.fromEntries(WRITTEN_TABLES.map((table) => [table, 0]));
