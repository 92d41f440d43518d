import type { Http2Bindings, HttpBindings } from '@hono/node-server';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { FacilitatorClient } from '@x402/core/server';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import type { UsageRecorder } from '../../engine/usage/usage-recorder.js';
import type { MppCharge } from '../../payments/mpp/create-mpp-charge.js';
import type { PaymentSettings } from '../../payments/payment-settings.js';
import { GatewayError } from '../../schemas/gateway.js';
import { LIMITS } from '../../schemas/limits.js';
import type { GatewayBackend } from '../../service/gateway-backend.js';
import { formatBytes } from '../format-bytes.js';
import { createRateLimiter, type GatewayRateLimits, type RateLimit } from '../rate-limiter.js';
import { refuseLargeBody } from '../refuse-large-body.js';
import { attributeRequest, recordUsage } from '../usage/record-usage.js';
import { chargeFor } from './charge-for.js';
import {
  bodyTooLargeResponse,
  gatewayErrorResponse,
  invalidInputResponse,
  operationErrorResponse,
  rateLimitedResponse,
} from './gateway-error-response.js';
import { gatewayLimits } from './gateway-limits.js';
import { gatewayLlmsTxt } from './gateway-llms-txt.js';
import { GATEWAY_ROUTES, type GatewayRoute } from './gateway-routes.js';
import { paymentInfo } from './payment-info.js';
import { requireSignIn } from './sign-in-gate.js';

export type GatewayOptions = {
  /** The URL clients reach the gateway at; sign-ins are bound to its host and port. */
  publicUrl: URL;
  backend: GatewayBackend;
  payments: PaymentSettings;
  facilitator: FacilitatorClient;
  /** Offered beside x402 on paid endpoints; absent when MPP is off. */
  mpp: MppCharge | undefined;
  /**
   * Makes the nonces of sign-in challenges and recognises them when they come back signed.
   * Gateways behind one public URL share it, so a challenge from one is accepted by another.
   */
  signInSecret: string;
  /** Requests per second and burst per wallet and per client IP; a rate of 0 turns one off. */
  rateLimits: GatewayRateLimits;
  /** Counts each request by route and status, and the wallet's workspace; absent, nothing is counted. */
  usage?: UsageRecorder | undefined;
};

const API_PREFIX = '/api/memory';

/**
 * The pay-per-call gateway (area A of the spec): a POST endpoint under /api/memory per route, each
 * acting on the private workspace of the wallet that signs or pays, and their description at
 * /openapi.json and /llms.txt. Routes are data (gateway-routes.ts): validation, types and the
 * OpenAPI document come from the same zod schemas.
 */
export function createGatewayApp(options: GatewayOptions): OpenAPIHono {
  const { publicUrl } = options;
  const app = new OpenAPIHono({
    // Bad bodies are answered before any sign-in or payment is asked for.
    defaultHook: (result) => (result.success ? undefined : invalidInputResponse(result.error)),
  });
  if (options.usage !== undefined) app.use('*', recordUsage(options.usage));
  app.use(
    '*',
    cors({
      origin: '*',
      allowHeaders: [
        'Content-Type',
        'SIGN-IN-WITH-X',
        'X-SIWX',
        'PAYMENT-SIGNATURE',
        'X-PAYMENT',
        'Authorization',
      ],
      exposeHeaders: [
        'PAYMENT-REQUIRED',
        'PAYMENT-RESPONSE',
        'X-PAYMENT-RESPONSE',
        'WWW-Authenticate',
        'Payment-Receipt',
        'Retry-After',
      ],
    }),
  );
  const admitWallet = admitter(options.rateLimits.wallet, 'wallet');
  const admitIp = admitter(options.rateLimits.ip, 'IP address');
  // Requests without a sign-in or payment are counted by address, so that a flood of them (each
  // answered with a fresh 402 challenge) is bounded; the others are counted by wallet once
  // verified, where a wallet cannot be charged for requests it did not sign.
  app.use('*', async (c, next) => {
    const refused = carriesIdentity(c.req.raw) ? undefined : admitIp(clientAddress(c.env));
    if (refused !== undefined) return refused;
    await next();
  });
  // Before anything reads the body, so before any sign-in or payment is asked for.
  app.use('*', refuseLargeBody(bodyTooLargeResponse));
  app.openAPIRegistry.registerComponent('securitySchemes', 'siwx', {
    type: 'apiKey',
    in: 'header',
    name: 'SIGN-IN-WITH-X',
    description:
      'Base64 JSON of a CAIP-122 (EIP-4361) sign-in signed by the wallet; each one is good for one request. X-SIWX is accepted too.',
  });

  for (const route of GATEWAY_ROUTES) {
    app.openapi(openApiRoute(route, options), async (c) => {
      const input = (c.req.valid as (target: 'json') => unknown)('json');
      const resourceUrl = new URL(`${API_PREFIX}${route.path}`, publicUrl).toString();
      try {
        if (route.access === 'paid') {
          return await chargeFor(
            c.req.raw,
            { url: resourceUrl, description: route.summary },
            route.price(input),
            (workspace) => {
              attributeRequest(c.req.raw, { workspace });
              return route.run(options.backend, workspace, input);
            },
            { ...options, admit: admitWallet },
          );
        }
        const signedIn = await requireSignIn(c.req.raw, resourceUrl, {
          backend: options.backend,
          publicUrl,
          chains: [options.payments.x402.network],
          signInSecret: options.signInSecret,
        });
        if (signedIn instanceof Response) return signedIn;
        attributeRequest(c.req.raw, { workspace: signedIn.address });
        const limited = admitWallet(signedIn.address);
        if (limited !== undefined) return limited;
        return c.json(await route.call(options.backend.memory(signedIn.address), input), 200);
      } catch (error) {
        return operationErrorResponse(error);
      }
    });
  }

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'peermem memory gateway',
      version: '1.0.0',
      description: [
        'Persistent memory for AI agents, paid per call. Each wallet has one private workspace. Paid endpoints take x402 payments (v2 and v1) and MPP (tempo charge); free ones take a SIGN-IN-WITH-X wallet sign-in. Guidance for agents: /llms.txt.',
        '',
        'Limits:',
        ...gatewayLimits(options.rateLimits).map((limit) => `- ${limit}`),
      ].join('\n'),
    },
    servers: [{ url: publicUrl.origin }],
  });
  app.get('/llms.txt', (c) =>
    c.text(gatewayLlmsTxt(publicUrl, options.payments, GATEWAY_ROUTES, options.rateLimits)),
  );

  app.notFound(() =>
    gatewayErrorResponse({
      error: {
        code: 'not_found',
        message: 'no such endpoint',
        hint: 'Every endpoint is a POST under /api/memory; see /openapi.json.',
      },
    }),
  );
  app.onError((error) => {
    // Hono's own request errors (malformed JSON, a body that is not JSON) are the caller's.
    if (error instanceof HTTPException && error.status < 500) {
      return gatewayErrorResponse({
        error: {
          code: 'invalid_input',
          message: `body: ${error.message}`,
          field: 'body',
          hint: 'Send a JSON object with Content-Type: application/json; see /openapi.json.',
        },
      });
    }
    return operationErrorResponse(error);
  });
  return app;
}

/** Takes a request from `key`'s bucket: a 429 when it is empty, undefined to go ahead. */
function admitter(limit: RateLimit, per: 'wallet' | 'IP address'): (key: string) => Response | undefined {
  if (limit.requestsPerSecond === 0) return () => undefined;
  const limiter = createRateLimiter(limit);
  return (key) => {
    // Lower-cased: x402 names the payer checksummed, MPP and sign-ins as signed; one bucket a wallet.
    const wait = limiter.take(key.toLowerCase());
    return wait === 0 ? undefined : rateLimitedResponse(limit, per, wait);
  };
}

/** Whether a request carries a sign-in or a payment, which the route verifies and then counts by wallet. */
function carriesIdentity(request: Request): boolean {
  const { headers } = request;
  return (
    headers.has('sign-in-with-x') ||
    headers.has('x-siwx') ||
    headers.has('payment-signature') ||
    headers.has('x-payment') ||
    /^payment\s/i.test(headers.get('authorization') ?? '')
  );
}

/**
 * The peer address of the connection. Behind a reverse proxy that is the proxy's, and every
 * client shares one bucket: raise the IP limit there, or turn it off (docs/configuration.md).
 */
function clientAddress(env: Partial<HttpBindings | Http2Bindings> | undefined): string {
  return env?.incoming?.socket.remoteAddress ?? 'unknown';
}

const header = (description: string) => ({ description, schema: { type: 'string' as const } });
const SIGN_IN_REQUIRED_HEADERS = {
  'PAYMENT-REQUIRED': header(
    'x402 v2 payment-required object (base64 JSON) with the sign-in-with-x extension.',
  ),
};
const PAYMENT_REQUIRED_HEADERS = {
  'PAYMENT-REQUIRED': header('x402 v2 offer (base64 JSON); pay with PAYMENT-SIGNATURE.'),
  'WWW-Authenticate': header(
    'MPP challenge: Payment, method "tempo", intent "charge"; pay with Authorization: Payment.',
  ),
};
const PAID_RECEIPT_HEADERS = {
  'PAYMENT-RESPONSE': header('x402 v2 settlement (base64 JSON), when paid with x402 v2.'),
  'X-PAYMENT-RESPONSE': header('x402 v1 settlement (base64 JSON), when paid with X-PAYMENT.'),
  'Payment-Receipt': header(
    'MPP receipt (base64url JSON, its reference the transaction), when paid with MPP.',
  ),
};

function openApiRoute(route: GatewayRoute, options: GatewayOptions) {
  const json = (schema: unknown, description: string) => ({
    description,
    content: { 'application/json': { schema: schema as typeof GatewayError } },
  });
  return createRoute({
    method: 'post',
    path: `${API_PREFIX}${route.path}`,
    summary: route.summary,
    description: route.description,
    ...(route.access === 'signed'
      ? { security: [{ siwx: [] }] }
      : { 'x-payment-info': paymentInfo(route, options.payments) }),
    request: {
      body: {
        description: `JSON, at most ${formatBytes(LIMITS.requestBodyBytes)}.`,
        required: true,
        content: { 'application/json': { schema: route.input as typeof GatewayError } },
      },
    },
    responses: {
      200: {
        ...json(route.output, 'Success.'),
        ...(route.access === 'paid' ? { headers: PAID_RECEIPT_HEADERS } : {}),
      },
      400: json(
        GatewayError,
        'The body is not valid: `error.field` names the field and `error.message` says why.',
      ),
      402: {
        description:
          route.access === 'paid'
            ? 'Payment required. x402 v2 offer (base64 JSON) in the PAYMENT-REQUIRED header, the same offer as x402 v1 in the body and, when MPP is on, an MPP challenge (method tempo, intent charge) in WWW-Authenticate: Payment.'
            : 'Authentication required. The PAYMENT-REQUIRED header and the body hold an x402 payment-required object with accepts: [] and the sign-in-with-x extension to sign.',
        headers: route.access === 'paid' ? PAYMENT_REQUIRED_HEADERS : SIGN_IN_REQUIRED_HEADERS,
      },
      404: json(GatewayError, 'A session or peer named in the body does not exist.'),
      413: json(
        GatewayError,
        `The body is larger than ${formatBytes(LIMITS.requestBodyBytes)}; refused before any sign-in or payment is asked for.`,
      ),
      429: {
        ...json(
          GatewayError,
          route.access === 'paid'
            ? 'Too many requests from this wallet (or, without a payment, from this IP address); see the limits in the description. Checked after the payment is verified and before it is spent: nothing was charged or stored, and the same payment may be sent again after the wait.'
            : 'Too many requests from this wallet (or, without a sign-in, from this IP address); see the limits in the description. Nothing was stored; sign in afresh after the wait.',
        ),
        headers: { 'Retry-After': header('Seconds to wait before sending again (at least 1).') },
      },
      503: json(
        GatewayError,
        'The service, the payment facilitator or the Tempo node is unavailable; nothing was charged.',
      ),
    },
  });
}
