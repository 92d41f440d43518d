import { createEngine, type Engine } from '../../src/engine/create-engine.js';
import { createGatewayBackend } from '../../src/engine/create-gateway-backend.js';
import type { Database } from '../../src/engine/database/database.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import type { Learning } from '../../src/engine/learning/learning.js';
import { createPlatformBackend } from '../../src/engine/platform/create-platform-backend.js';
import { createKeyStore } from '../../src/engine/platform/keys-store.js';
import { createOAuthStore } from '../../src/engine/platform/oauth-store.js';
import { serveGateway } from '../../src/http/gateway/serve-gateway.js';
import { createIsolatedDatabase } from './postgres.js';

/**
 * The platform API (and the gateway beside it) served in the test's own process on a loopback
 * port, over a database and engine the test holds, so that it can also read the rows in SQL.
 */
export function servePlatformInProcess(
  database: Database,
  engine: Engine,
  learning: Learning,
  adminKey: string,
): ReturnType<typeof serveGateway> {
  return serveGateway({
    backend: createGatewayBackend(database, engine),
    platform: {
      backend: createPlatformBackend(database, engine, learning.embedder),
      adminKey,
      keys: createKeyStore(database),
      oauth: createOAuthStore(database),
    },
    host: '127.0.0.1',
    port: 0,
  });
}

/** The platform served in process over a new store of `kind`, and a way to close all of it. */
export type InProcessPlatform = { url: string; database: Database; close(): Promise<void> };

/**
 * A new PGlite store in memory, or a new Postgres database named after `label`, with an engine
 * that does not learn in the background, served by {@link servePlatformInProcess}.
 */
export async function startInProcessPlatform(
  kind: 'pglite' | 'postgres',
  label: string,
  adminKey: string,
): Promise<InProcessPlatform> {
  const database =
    kind === 'pglite'
      ? openDatabase({ kind: 'memory' })
      : openDatabase({ kind: 'postgres', url: await createIsolatedDatabase(label) });
  await database.query('SELECT 1');
  const learning = createLearning(OFFLINE_LEARNING);
  const engine = createEngine(database, { learning, contextTokens: 8192, deriver: false });
  const server = await servePlatformInProcess(database, engine, learning, adminKey);
  return {
    url: server.url,
    database,
    async close() {
      await server.close();
      await engine.stop();
      await database.close();
    },
  };
}
