import type { Config } from '../config.js';
import { createGatewayBackend } from '../engine/create-gateway-backend.js';
import { createGatewayApp } from '../http/gateway/create-gateway-app.js';
import { listen } from '../http/listen.js';
import { createFacilitator } from '../payments/x402/create-facilitator.js';
import { openEngine } from './open-engine.js';
import { stopOnExit } from './stop-on-exit.js';

/** `peermem serve`: the pay-per-call gateway over HTTP, until told to stop. */
export async function runServe(config: Config): Promise<void> {
  const payments = config.payments;
  if (payments === undefined) throw new Error('serve needs payment settings');
  const { database, engine } = openEngine(config, { deriver: config.deriver });
  database.query('SELECT 1').catch((error: Error) => console.error(`peermem: ${error.message}`));
  const backend = createGatewayBackend(database, engine);
  const facilitator = createFacilitator(payments);

  // The app is made once the port is known: with --port 0 the public URL depends on it.
  let app: ReturnType<typeof createGatewayApp> | undefined;
  const server = await listen(
    (request) => app?.fetch(request) ?? new Response('starting', { status: 503 }),
    config.host,
    config.port,
  );
  const publicUrl = new URL(config.publicUrl ?? server.url);
  app = createGatewayApp({ publicUrl, backend, payments, facilitator });
  console.error(
    `peermem: gateway at ${server.url}/api/memory (public URL ${publicUrl.origin}; paid on ${payments.x402.network} to ${payments.payTo}; ${payments.facilitator.kind} facilitator)`,
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
