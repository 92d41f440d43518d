import { randomBytes } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { UsageRecorder } from '../../engine/usage/usage-recorder.js';
import { createMppCharge } from '../../payments/mpp/create-mpp-charge.js';
import type { PaymentSettings } from '../../payments/payment-settings.js';
import { createFacilitator } from '../../payments/x402/create-facilitator.js';
import type { GatewayBackend } from '../../service/gateway-backend.js';
import { type Listening, listen } from '../listen.js';
import { type HostedMcpSettings, serveHostedMcp } from '../oauth/serve-hosted-mcp.js';
import {
  createOperationsApp,
  OPERATIONS_PATHS,
  type OperationsOptions,
} from '../operations/create-operations-app.js';
import { createPlatformApp, isPlatformPath, type PlatformOptions } from '../platform/create-platform-app.js';
import type { GatewayRateLimits } from '../rate-limiter.js';
import { createGatewayApp } from './create-gateway-app.js';

export type ServeGatewayOptions = {
  backend: GatewayBackend;
  /** The gateway is served when they are given. */
  payments?: PaymentSettings | undefined;
  /** The platform API (/v3, /v2) is served when it is given. */
  platform?: PlatformOptions | undefined;
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
  /** /health, /ready and /metrics, answered before the gateway and the platform; absent, none. */
  operations?: OperationsOptions | undefined;
  /** Counts the gateway's requests (the platform's are counted by its own options). */
  usage?: UsageRecorder | undefined;
  /** `/mcp` with OAuth, beside the platform API (which it needs for its keys); absent, none. */
  hostedMcp?: HostedMcpSettings | undefined;
};

const NO_RATE_LIMITS: GatewayRateLimits = {
  wallet: { requestsPerSecond: 0, burst: 1 },
  ip: { requestsPerSecond: 0, burst: 1 },
};

/**
 * The gateway and/or the platform API on `host:port`, both described at one /openapi.json. The
 * gateway app is made once the port is known, because with port 0 the public URL that sign-ins
 * are bound to depends on it.
 */
export async function serveGateway(options: ServeGatewayOptions): Promise<Listening & { publicUrl: URL }> {
  let gateway: OpenAPIHono | undefined;
  const platform =
    options.platform === undefined
      ? undefined
      : createPlatformApp({
          ...options.platform,
          oauth: options.platform.oauth ?? options.hostedMcp?.oauth,
        });
  const operations = options.operations === undefined ? undefined : createOperationsApp(options.operations);
  let description: Promise<Response> | undefined;
  let hosted: ReturnType<typeof serveHostedMcp> | undefined;
  const server = await listen(
    (request, env) => {
      const path = new URL(request.url).pathname;
      if (operations !== undefined && OPERATIONS_PATHS.has(path)) return operations.fetch(request, env);
      if (hosted?.answers(path)) return hosted.app.fetch(request, env);
      if (path === '/openapi.json' && gateway !== undefined && platform !== undefined) {
        description ??= describeBoth(gateway, platform, publicUrl);
        return description.then((response) => response.clone());
      }
      const app =
        platform !== undefined && (isPlatformPath(path) || gateway === undefined) ? platform : gateway;
      return app?.fetch(request, env) ?? new Response('starting', { status: 503 });
    },
    options.host,
    options.port,
  );
  const publicUrl = new URL(options.publicUrl ?? server.url);
  if (options.platform !== undefined && options.hostedMcp !== undefined)
    hosted = serveHostedMcp({
      ...options.hostedMcp,
      backend: options.backend,
      adminKey: options.platform.adminKey,
      keys: options.platform.keys,
      publicUrl,
      rateLimit: options.platform.rateLimit,
      addressLimit: options.rateLimits?.ip,
      usage: options.platform.usage?.recorder,
    });
  const { payments } = options;
  if (payments !== undefined)
    gateway = createGatewayApp({
      publicUrl,
      backend: options.backend,
      payments,
      facilitator: createFacilitator(payments),
      // MPP challenges name the realm they were issued for: the host clients know the gateway by.
      mpp:
        payments.mpp === undefined
          ? undefined
          : createMppCharge(payments.mpp, payments.payTo, publicUrl.host),
      signInSecret: options.signInSecret ?? randomBytes(32).toString('hex'),
      rateLimits: options.rateLimits ?? NO_RATE_LIMITS,
      usage: options.usage,
    });
  if (platform !== undefined && gateway === undefined)
    platform.doc31('/openapi.json', platformDocument(publicUrl));
  return {
    ...server,
    publicUrl,
    async close() {
      await hosted?.close();
      await server.close();
    },
  };
}

function platformDocument(publicUrl: URL) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'peermem platform API',
      version: '3.0.0',
      description:
        'Workspaces, peers, sessions, messages and conclusions, compatible with the Honcho v3 API and its SDKs. Authorization: Bearer <API key>.',
    },
    servers: [{ url: publicUrl.origin }],
  };
}

/** One OpenAPI document for both: the gateway's, with the platform's paths and components added. */
async function describeBoth(gateway: OpenAPIHono, platform: OpenAPIHono, publicUrl: URL): Promise<Response> {
  const own = (await (await gateway.request('/openapi.json')).json()) as {
    info: { title: string; description: string };
    paths: Record<string, unknown>;
    components?: Record<string, Record<string, unknown>>;
  };
  const added = platform.getOpenAPI31Document(platformDocument(publicUrl));
  const components: Record<string, Record<string, unknown>> = { ...own.components };
  for (const [kind, entries] of Object.entries(added.components ?? {}))
    components[kind] = { ...components[kind], ...(entries as Record<string, unknown>) };
  return Response.json({
    ...own,
    info: {
      ...own.info,
      title: 'peermem: memory gateway and platform API',
      description: `${own.info.description}\n\nThe platform API (paths under /v3 and /v2): ${platformDocument(publicUrl).info.description}`,
    },
    paths: { ...own.paths, ...added.paths },
    components,
  });
}
