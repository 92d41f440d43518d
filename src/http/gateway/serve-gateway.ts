import { randomBytes } from 'node:crypto';
import { createMppCharge } from '../../payments/mpp/create-mpp-charge.js';
import type { PaymentSettings } from '../../payments/payment-settings.js';
import { createFacilitator } from '../../payments/x402/create-facilitator.js';
import type { GatewayBackend } from '../../service/gateway-backend.js';
import { type Listening, listen } from '../listen.js';
import { createGatewayApp } from './create-gateway-app.js';
import type { GatewayRateLimits } from './rate-limiter.js';

export type ServeGatewayOptions = {
  backend: GatewayBackend;
  payments: PaymentSettings;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The URL clients use; the address bound when absent. */
  publicUrl?: string | undefined;
  /**
   * Makes sign-in nonces. When absent the process draws its own: a challenge is then signed in
   * at the process that issued it, and outstanding ones lapse on restart.
   */
  signInSecret?: string | undefined;
  /**
   * Per wallet and per client IP. `peermem serve` always passes them (DEFAULT_RATE_LIMITS unless
   * configured); absent, nothing is limited, for the load generators of the tests and benchmarks,
   * which send everything from one address and one wallet.
   */
  rateLimits?: GatewayRateLimits | undefined;
};

const NO_RATE_LIMITS: GatewayRateLimits = {
  wallet: { requestsPerSecond: 0, burst: 1 },
  ip: { requestsPerSecond: 0, burst: 1 },
};

/**
 * The gateway on `host:port`. The app is made once the port is known, because with port 0 the
 * public URL that sign-ins are bound to depends on it.
 */
export async function serveGateway(options: ServeGatewayOptions): Promise<Listening & { publicUrl: URL }> {
  let app: ReturnType<typeof createGatewayApp> | undefined;
  const server = await listen(
    (request, env) => app?.fetch(request, env) ?? new Response('starting', { status: 503 }),
    options.host,
    options.port,
  );
  const publicUrl = new URL(options.publicUrl ?? server.url);
  app = createGatewayApp({
    publicUrl,
    backend: options.backend,
    payments: options.payments,
    facilitator: createFacilitator(options.payments),
    // MPP challenges name the realm they were issued for: the host clients know the gateway by.
    mpp:
      options.payments.mpp === undefined
        ? undefined
        : createMppCharge(options.payments.mpp, options.payments.payTo, publicUrl.host),
    signInSecret: options.signInSecret ?? randomBytes(32).toString('hex'),
    rateLimits: options.rateLimits ?? NO_RATE_LIMITS,
  });
  return { ...server, publicUrl };
}
