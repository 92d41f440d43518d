import type { Engine } from '../../src/engine/create-engine.js';
import { createGatewayBackend } from '../../src/engine/create-gateway-backend.js';
import type { Database } from '../../src/engine/database/database.js';
import type { Learning } from '../../src/engine/learning/learning.js';
import { createPlatformBackend } from '../../src/engine/platform/create-platform-backend.js';
import { createKeyStore } from '../../src/engine/platform/keys-store.js';
import { createOAuthStore } from '../../src/engine/platform/oauth-store.js';
import { serveGateway } from '../../src/http/gateway/serve-gateway.js';

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
