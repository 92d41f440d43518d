import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import { createGatewayBackend } from '../engine/create-gateway-backend.js';
import { createLearning } from '../engine/learning/create-learning.js';
import { createConsoleStore } from '../engine/platform/create-console-store.js';
import { createPlatformBackend } from '../engine/platform/create-platform-backend.js';
import { createKeyStore } from '../engine/platform/keys-store.js';
import { createOAuthStore } from '../engine/platform/oauth-store.js';
import { startWebhookDeliveries } from '../engine/webhooks/run-webhook-deliveries.js';
import { loadConsoleAssets } from '../http/console/console-assets.js';
import { createOneTimeSignIn } from '../http/console/one-time-sign-in.js';
import { serveGateway } from '../http/gateway/serve-gateway.js';
import { UnavailableError } from '../service/errors.js';
import { openEngine } from './open-engine.js';
import { openInBrowser } from './open-in-browser.js';
import { describeStore, reportUnusableDatabase } from './open-store.js';
import { stopOnExit } from './stop-on-exit.js';

/** How long the printed sign-in link works: long enough to click it, short enough to be worthless later. */
const SIGN_IN_LINK_MS = 5 * 60_000;

/**
 * `peermem console`: the web console of the memory on this machine (the data folder, shared with
 * any MCP server using it, or DATABASE_URL), served on a loopback address with the platform API
 * it calls. Its admin key is made for this run and never shown: a one-time link signs the
 * browser in with it, and the sessions it opened end with the run.
 */
export async function runConsole(config: Config): Promise<void> {
  const assets = await loadConsoleAssets();
  if (assets === undefined)
    throw new UnavailableError('the console is not built here', {
      hint: 'Run npm run build in the peermem folder first.',
    });
  const adminKey = randomBytes(32).toString('base64url');
  const signIn = createOneTimeSignIn(SIGN_IN_LINK_MS);
  const { database, engine } = openEngine(config, { deriver: config.deriver });
  reportUnusableDatabase(database);
  const options = {
    // The gateway is off (no payments): its backend is only carried.
    backend: createGatewayBackend(database, engine),
    platform: {
      backend: createPlatformBackend(database, engine, createLearning(config.learning).embedder, {
        allowPrivateWebhooks: config.webhookAllowPrivate,
      }),
      adminKey,
      keys: createKeyStore(database),
      // The grants of a `serve` on the same database, listed and revoked from the console.
      oauth: createOAuthStore(database),
      console: { store: createConsoleStore(database), assets, secureCookies: false, oneTimeSignIn: signIn },
    },
    host: config.host,
  };
  const server = await serveGateway({ ...options, port: config.port }).catch((error: Error) => {
    // The usual port is often taken (another console, an MCP server over HTTP): any free one will do.
    if ((error.cause as NodeJS.ErrnoException | undefined)?.code !== 'EADDRINUSE') throw error;
    return serveGateway({ ...options, port: 0 });
  });
  const link = `${server.url}/console/sign-in?token=${signIn.token}`;
  console.error(
    `peermem: console at ${server.url}/console for the ${describeStore(config)}; this machine only, until stopped (Ctrl+C)`,
  );
  process.stdout.write(`Sign in (once, within 5 minutes): ${link}\n`);
  if (config.open)
    await openInBrowser(link).catch((error: Error) =>
      console.error(`peermem: ${error.message}; open the link above by hand`),
    );
  const webhooks = startWebhookDeliveries(database, {
    allowPrivate: config.webhookAllowPrivate,
    log: (line) => console.error(line),
  });
  await stopOnExit(
    async () => {
      await server.close();
      await webhooks.stop();
      await engine.stop();
      await database.close();
    },
    { onStdinClose: false },
  );
}
