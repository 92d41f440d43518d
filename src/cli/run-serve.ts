import type { Config } from '../config.js';
import { createGatewayBackend } from '../engine/create-gateway-backend.js';
import { serveGateway } from '../http/gateway/serve-gateway.js';
import { openEngine, reportUnusableDatabase } from './open-engine.js';
import { stopOnExit } from './stop-on-exit.js';

/** `peermem serve`: the pay-per-call gateway over HTTP, until told to stop. */
export async function runServe(config: Config): Promise<void> {
  const payments = config.payments;
  if (payments === undefined) throw new Error('serve needs payment settings');
  const { database, engine } = openEngine(config, { deriver: config.deriver });
  reportUnusableDatabase(database);
  const server = await serveGateway({
    backend: createGatewayBackend(database, engine),
    payments,
    host: config.host,
    port: config.port,
    publicUrl: config.publicUrl,
    signInSecret: config.signInSecret,
    rateLimits: config.rateLimits,
  });
  const { publicUrl } = server;
  const mpp = payments.mpp === undefined ? 'MPP off' : `MPP on Tempo chain ${payments.mpp.chainId}`;
  console.error(
    `peermem: gateway at ${server.url}/api/memory (public URL ${publicUrl.origin}; paid to ${payments.payTo}: x402 on ${payments.x402.network} with the ${payments.facilitator.kind} facilitator, ${mpp})`,
  );
  await stopOnExit(
    async () => {
      await server.close();
      await engine.stop();
      await database.close();
    },
    { onStdinClose: false },
  );
}
