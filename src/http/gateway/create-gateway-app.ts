import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { FacilitatorClient } from '@x402/core/server';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import type { MppCharge } from '../../payments/mpp/create-mpp-charge.js';
import type { PaymentSettings } from '../../payments/payment-settings.js';
import { GatewayError } from '../../schemas/gateway.js';
import { LIMITS } from '../../schemas/limits.js';
import type { GatewayBackend } from '../../service/gateway-backend.js';
import { formatBytes } from '../format-bytes.js';
import { refuseLargeBody } from '../refuse-large-body.js';
import { chargeFor } from './charge-for.js';
import {
  bodyTooLargeResponse,
  gatewayErrorResponse,
  invalidInputResponse,
  operationErrorResponse,
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
};

const API_PREFIX = '/api/memory';

/**
 * The pay-per-call gateway (area A of the spec): sixteen POST endpoints under /api/memory, each
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
      ],
    }),
  );
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
            (workspace) => route.run(options.backend, workspace, input),
            options,
          );
        }
        const signedIn = await requireSignIn(c.req.raw, resourceUrl, {
          backend: options.backend,
          publicUrl,
          chains: [options.payments.x402.network],
          signInSecret: options.signInSecret,
        });
        if (signedIn instanceof Response) return signedIn;
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
        ...gatewayLimits().map((limit) => `- ${limit}`),
      ].join('\n'),
    },
    servers: [{ url: publicUrl.origin }],
  });
  app.get('/llms.txt', (c) => c.text(gatewayLlmsTxt(publicUrl, options.payments, GATEWAY_ROUTES)));

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
      503: json(
        GatewayError,
        'The service, the payment facilitator or the Tempo node is unavailable; nothing was charged.',
      ),
    },
  });
}
