import type { Config } from '../config.js';
import { createGatewayBackend } from '../engine/create-gateway-backend.js';
import { createLearning } from '../engine/learning/create-learning.js';
import { createConsoleStore } from '../engine/platform/create-console-store.js';
import { createPlatformBackend } from '../engine/platform/create-platform-backend.js';
import { createKeyStore } from '../engine/platform/keys-store.js';
import { createOAuthStore } from '../engine/platform/oauth-store.js';
import { startWebhookDeliveries } from '../engine/webhooks/run-webhook-deliveries.js';
import { loadConsoleAssets } from '../http/console/console-assets.js';
import { serveGateway } from '../http/gateway/serve-gateway.js';
import { openEngine } from './open-engine.js';
import { reportUnusableDatabase } from './open-store.js';
import { type ProcessUsage, startUsage } from './start-usage.js';
import { stopOnExit } from './stop-on-exit.js';

/**
 * `peermem serve`: over HTTP until told to stop, the pay-per-call gateway when payment settings
 * are given and the platform API when an admin key is; at least one of them.
 */
export async function runServe(config: Config): Promise<void> {
  const { payments, adminKey } = config;
  if (payments === undefined && adminKey === undefined)
    throw new Error('serve needs payment settings (--pay-to) or an admin key (PEERMEM_ADMIN_KEY)');
  // The engine tells of the messages it writes; the recorder needs the database it opens.
  let usage: ProcessUsage | undefined;
  const { database, engine } = openEngine(config, {
    deriver: config.deriver,
    onMessagesWritten: (workspace, messages, tokens) =>
      usage?.recorder?.messagesWritten(workspace, messages, tokens),
  });
  usage = startUsage(config, database);
  const { recorder, store } = usage;
  reportUnusableDatabase(database);
  const server = await serveGateway({
    backend: createGatewayBackend(database, engine),
    payments,
    // Conclusions written through the platform are embedded as the deriver embeds observations.
    platform:
      adminKey === undefined
        ? undefined
        : {
            backend: createPlatformBackend(database, engine, createLearning(config.learning).embedder, {
              allowPrivateWebhooks: config.webhookAllowPrivate,
            }),
            adminKey,
            keys: createKeyStore(database),
            rateLimit: config.platformRateLimit,
            console: {
              store: createConsoleStore(database),
              assets: await loadConsoleAssets(),
              secureCookies: config.publicUrl?.startsWith('https:') === true,
            },
            usage: recorder === undefined || store === undefined ? undefined : { recorder, store },
          },
    host: config.host,
    port: config.port,
    hostedMcp:
      adminKey === undefined
        ? undefined
        : { oauth: createOAuthStore(database), loopbackClients: config.oauthLoopbackClients },
    publicUrl: config.publicUrl,
    signInSecret: config.signInSecret,
    rateLimits: config.rateLimits,
    usage: recorder,
    operations: {
      database,
      metrics: usage.metrics,
      metricsAccess: config.metricsAccess,
      adminKey,
    },
  });
  const { publicUrl } = server;
  const served: string[] = [];
  if (payments !== undefined) {
    const mpp = payments.mpp === undefined ? 'MPP off' : `MPP on Tempo chain ${payments.mpp.chainId}`;
    served.push(
      `gateway at ${server.url}/api/memory (public URL ${publicUrl.origin}; paid to ${payments.payTo}: x402 on ${payments.x402.network} with the ${payments.facilitator.kind} facilitator, ${mpp})`,
    );
  } else served.push('gateway off (no --pay-to)');
  served.push(
    adminKey === undefined
      ? 'platform API off (no PEERMEM_ADMIN_KEY)'
      : `platform API at ${server.url}/v3 (admin key from configuration), console at ${server.url}/console, MCP at ${server.url}/mcp (API keys and OAuth)`,
  );
  console.error(`peermem: ${served.join('; ')}`);
  // Webhooks are managed through the platform API, so they are sent where it is served.
  const webhooks =
    adminKey === undefined
      ? undefined
      : startWebhookDeliveries(database, {
          allowPrivate: config.webhookAllowPrivate,
          log: (line) => console.error(line),
        });
  await stopOnExit(
    async () => {
      await server.close();
      // What was counted since the last flush, before the database closes.
      await recorder?.stop();
      await webhooks?.stop();
      await engine.stop();
      await database.close();
    },
    { onStdinClose: false },
  );
}
