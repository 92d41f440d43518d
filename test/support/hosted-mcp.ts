import { createEngine, DEFAULT_DERIVER } from '../../src/engine/create-engine.js';
import { createGatewayBackend } from '../../src/engine/create-gateway-backend.js';
import type { Database } from '../../src/engine/database/database.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { createPlatformBackend } from '../../src/engine/platform/create-platform-backend.js';
import { createKeyStore } from '../../src/engine/platform/keys-store.js';
import { createOAuthStore, type OAuthStore } from '../../src/engine/platform/oauth-store.js';
import { type ServeGatewayOptions, serveGateway } from '../../src/http/gateway/serve-gateway.js';
import { createIsolatedDatabase } from './postgres.js';

type PlatformOptions = NonNullable<ServeGatewayOptions['platform']>;
type HostedMcpSettings = NonNullable<ServeGatewayOptions['hostedMcp']>;

/**
 * `/mcp` hosted with OAuth 2.1 beside API keys, as `peermem serve` runs it, on a loopback port
 * over a Postgres database of its own (named after `name`): the gateway, the platform API with its
 * key store, and learning offline with the deriver run by hand. A test adds what it looks at
 * (the console, rate limits, usage, registration limits); it closes `served`, then `database`.
 */
export async function serveHostedMcp(options: {
  name: string;
  adminKey: string;
  /** More of the platform's options, over the database. */
  platform?: (database: Database) => Partial<PlatformOptions>;
  hostedMcp?: Partial<Omit<HostedMcpSettings, 'oauth'>>;
  rateLimits?: ServeGatewayOptions['rateLimits'];
}): Promise<{ database: Database; oauth: OAuthStore; served: Awaited<ReturnType<typeof serveGateway>> }> {
  const database = openDatabase({ kind: 'postgres', url: await createIsolatedDatabase(options.name) });
  await database.query('SELECT 1');
  const learning = createLearning(OFFLINE_LEARNING);
  const engine = createEngine(database, {
    learning,
    contextTokens: 8192,
    deriver: { ...DEFAULT_DERIVER, background: false },
  });
  const oauth = createOAuthStore(database);
  const served = await serveGateway({
    backend: createGatewayBackend(database, engine),
    platform: {
      backend: createPlatformBackend(database, engine, learning.embedder),
      adminKey: options.adminKey,
      keys: createKeyStore(database),
      ...options.platform?.(database),
    },
    ...(options.rateLimits === undefined ? {} : { rateLimits: options.rateLimits }),
    hostedMcp: { oauth, loopbackClients: true, ...options.hostedMcp },
    host: '127.0.0.1',
    port: 0,
  });
  return { database, oauth, served };
}
