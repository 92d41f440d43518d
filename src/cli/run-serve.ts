import type { Config } from '../config.js';
import { createGatewayBackend } from '../engine/create-gateway-backend.js';
import { createLearning } from '../engine/learning/create-learning.js';
import { createPlatformBackend } from '../engine/platform/create-platform-backend.js';
import { createKeyStore } from '../engine/platform/keys-store.js';
import { startWebhookDeliveries } from '../engine/webhooks/run-webhook-deliveries.js';
import { serveGateway } from '../http/gateway/serve-gateway.js';
import { openEngine, reportUnusableDatabase } from './open-engine.js';
import { stopOnExit } from './stop-on-exit.js';

/**
 * `peermem serve`: over HTTP until told to stop, the pay-per-call gateway when payment settings
 * are given and the platform API when an admin key is; at least one of them.
 */
export async function runServe(config: Config): Promise<void> {
  const { payments, adminKey } = config;
  if (payments === undefined && adminKey === undefined)
    throw new Error('serve needs payment settings (--pay-to) or an admin key (PEERMEM_ADMIN_KEY)');
  const { database, engine } = openEngine(config, { deriver: config.deriver });
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
          },
    host: config.host,
    port: config.port,
    publicUrl: config.publicUrl,
    signInSecret: config.signInSecret,
    rateLimits: config.rateLimits,
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
      : `platform API at ${server.url}/v3 (admin key from configuration)`,
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
      await webhooks?.stop();
      await engine.stop();
      await database.close();
    },
    { onStdinClose: false },
  );
}
