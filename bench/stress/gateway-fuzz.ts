import fc from 'fast-check';
import { GATEWAY_ROUTES } from '../../src/http/gateway/gateway-routes.js';
import { GatewayError } from '../../src/schemas/gateway.js';
import { LIMITS } from '../../src/schemas/limits.js';
import { describeValue } from './fuzz-report.js';
import { headerGarbage } from './hostile-text.js';
import type { CaseOutcome, FuzzTarget, Violation } from './run-fuzz.js';
import { argumentCase, inputJsonSchema, malformedBody, ownObject } from './schema-arbitraries.js';
import { brief, SEEDED } from './tool-fuzz.js';

/** Where the gateway listens, and a `fetch` that signs in and pays with a funded wallet. */
export type GatewayUnderTest = { url: string; wallet: typeof fetch };

/**
 * Stores what SEEDED names in the wallet's workspace (one paid write, two signed), so that valid
 * requests reach stored data.
 */
export async function seedGateway(gateway: GatewayUnderTest): Promise<void> {
  for (const [path, body] of [
    [
      '/messages',
      {
        session: 'seed',
        messages: [
          { peer: 'bob', content: 'good morning' },
          { peer: 'ada', content: 'hello, I prefer tea' },
        ],
      },
    ],
    ['/sessions/peers/add', { session: 'other', peers: ['bob'] }],
    ['/card/set', { peer: 'ada', card: ['Name: Ada'] }],
  ] as const) {
    const response = await gateway.wallet(`${gateway.url}/api/memory${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 200)
      throw new Error(`seeding ${path}: ${response.status} ${await response.text()}`);
  }
}

/** One POST to one endpoint, as sent. */
export type GatewayRequest = {
  path: string;
  access: 'signed' | 'paid';
  /** No credentials, the wallet's (a real sign-in or payment), or one garbage credential header. */
  auth: 'none' | 'wallet' | { header: string; value: string };
  contentType: string | null;
  body: string;
  /** Top-level fields made invalid; `body` when the body is not a JSON object or not sent as JSON. */
  broken: readonly string[];
};

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json'];
const OTHER_TYPES = [
  null,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/jsonx',
  '*/*',
];
const CREDENTIAL_HEADERS = {
  signed: ['SIGN-IN-WITH-X', 'X-SIWX'],
  paid: ['PAYMENT-SIGNATURE', 'X-PAYMENT', 'Authorization'],
};

/** Requests to every endpoint in GATEWAY_ROUTES: bodies valid and hostile, sent as JSON or not, with and without credentials. */
const gatewayRequestArbitrary: fc.Arbitrary<GatewayRequest> = fc.oneof(
  ...GATEWAY_ROUTES.map((route) => {
    const jsonBody = argumentCase(inputJsonSchema(route.input), SEEDED);
    const body = fc.oneof(
      {
        arbitrary: fc
          .tuple(jsonBody, fc.constantFrom(...JSON_TYPES))
          .map(([{ args, broken }, contentType]) => ({ body: JSON.stringify(args), broken, contentType })),
        weight: 12,
      },
      {
        arbitrary: fc.tuple(malformedBody, fc.constantFrom(...JSON_TYPES)).map(([text, contentType]) => ({
          body: text,
          broken: ['body'],
          contentType,
        })),
        weight: 2,
      },
      {
        arbitrary: fc.tuple(jsonBody, fc.constantFrom(...OTHER_TYPES)).map(([{ args }, contentType]) => ({
          body: JSON.stringify(args),
          broken: ['body'],
          contentType,
        })),
        weight: 2,
      },
      // Past the documented body limit: refused, whatever else the body holds.
      {
        arbitrary: jsonBody.map(({ args, broken }) => ({
          body: JSON.stringify(
            ownObject([...Object.entries(args), ['padding', 'p'.repeat(LIMITS.requestBodyBytes)]]),
          ),
          broken: ['body', 'padding', ...broken],
          contentType: 'application/json',
        })),
        weight: 1,
      },
    );
    const auth = fc.oneof(
      { arbitrary: fc.constant('none' as const), weight: 2 },
      { arbitrary: fc.constant('wallet' as const), weight: 3 },
      {
        arbitrary: fc
          .tuple(fc.constantFrom(...CREDENTIAL_HEADERS[route.access]), headerGarbage)
          .map(([header, value]) => ({
            header,
            value: header === 'Authorization' ? `Payment ${value}` : value,
          })),
        weight: 1,
      },
    );
    return fc
      .tuple(body, auth)
      .map(([sent, credentials]) => ({ path: route.path, access: route.access, auth: credentials, ...sent }));
  }),
);

/**
 * Every endpoint over real HTTP, checked against the properties of a request: it is answered in
 * time and never with a 5xx, the gateway answers the next request, an invalid body is refused
 * (before any sign-in or payment) with the gateway's error shape naming the field, a 402 carries
 * the x402 object, and a request signed in by the wallet is served.
 */
export function gatewayFuzzTarget(
  label: string,
  gateway: GatewayUnderTest,
  timeoutMs: number,
): FuzzTarget<GatewayRequest> {
  let previous: GatewayRequest | undefined;
  return {
    label,
    arbitrary: gatewayRequestArbitrary,
    operation: (request) => `POST ${request.path}`,
    async check(request) {
      const outcome = await checkGatewayRequest(gateway, request, timeoutMs);
      // A connection the previous request left broken fails this one: name both.
      if (outcome.result === 'crash' && previous !== undefined)
        for (const violation of outcome.violations)
          violation.detail += `; the request before it: ${describeValue(previous)}`;
      previous = request;
      return outcome;
    },
  };
}

async function checkGatewayRequest(
  gateway: GatewayUnderTest,
  request: GatewayRequest,
  timeoutMs: number,
): Promise<CaseOutcome> {
  const headers: Record<string, string> = {};
  if (request.contentType !== null) headers['content-type'] = request.contentType;
  if (typeof request.auth === 'object') headers[request.auth.header] = request.auth.value;
  const send = request.auth === 'wallet' ? gateway.wallet : fetch;
  const bytes = new TextEncoder().encode(request.body);
  let status: number;
  let text: string;
  try {
    const response = await send(`${gateway.url}/api/memory${request.path}`, {
      method: 'POST',
      headers,
      // Bytes, so fetch adds no content type of its own.
      body: bytes,
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const message = errorText(error);
    if (error instanceof Error && error.name === 'TimeoutError')
      return {
        result: 'hang',
        violations: [{ property: `answers within ${timeoutMs} ms`, detail: message }],
      };
    const alive = await answersFollowUp(gateway, timeoutMs);
    return {
      result: 'crash',
      violations: [
        {
          property: alive ? 'every request gets an answer' : 'the gateway answers the next request',
          detail: message,
        },
      ],
    };
  }
  if (!(await answersFollowUp(gateway, timeoutMs)))
    return {
      result: 'crash',
      violations: [{ property: 'the gateway answers the next request', detail: `${status} ${brief(text)}` }],
    };

  const answer = `${status} ${brief(text)}`;
  const violations: Violation[] = [];
  if (status >= 500) return { result: 'server error', violations: [{ property: 'no 5xx', detail: answer }] };
  if (status === 200) {
    if (request.broken.length > 0)
      violations.push({ property: 'an invalid body is refused', detail: answer });
    return { result: 'accepted', violations };
  }
  if (status === 402) {
    if (!/"x402Version"\s*:\s*\d/.test(text))
      violations.push({ property: 'a 402 carries the x402 payment-required object', detail: answer });
    if (request.broken.length > 0)
      violations.push({ property: 'an invalid body is refused before sign-in or payment', detail: answer });
    else if (request.auth === 'wallet' && request.access === 'signed')
      violations.push({ property: 'a request signed in by the wallet is served', detail: answer });
    return { result: 'refused', violations };
  }
  if (status < 400 || status >= 500)
    return { result: 'refused', violations: [{ property: 'only 200, 4xx', detail: answer }] };

  const body = GatewayError.safeParse(parseJson(text));
  if (!body.success)
    return {
      result: 'refused',
      violations: [{ property: 'a 4xx is the gateway error shape', detail: answer }],
    };
  if (request.broken.length > 0 && body.data.error.code !== 'invalid_input')
    violations.push({ property: 'an invalid body is refused as invalid_input', detail: answer });
  // Past the body limit, the body itself is at fault, whatever else it holds.
  const broken = bytes.length > LIMITS.requestBodyBytes ? ['body', ...request.broken] : request.broken;
  if (body.data.error.code === 'invalid_input' && !namesAField(body.data.error, broken))
    violations.push({ property: 'a refusal names the field', detail: answer });
  return { result: 'refused', violations };
}

/**
 * The error's field (or, failing that, its message) names one of the fields made invalid; for a
 * body that is not a JSON object of the endpoint's fields, or one thought valid, any field or the body.
 */
function namesAField(error: GatewayError['error'], broken: readonly string[]): boolean {
  if (broken.length === 0 || broken.includes('body'))
    return error.field !== undefined || /^\w[\w.]*: /.test(error.message);
  return broken.some(
    (field) =>
      error.field === field ||
      error.field?.startsWith(`${field}.`) ||
      error.message.startsWith(`${field}:`) ||
      error.message.startsWith(`${field}.`) ||
      error.message.includes(`"${field}"`),
  );
}

/** The error and its causes (fetch says only "fetch failed"; the socket's reason is in the cause). */
function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current !== undefined && parts.length < 4; ) {
    if (!(current instanceof Error)) {
      parts.push(String(current));
      break;
    }
    const code = (current as { code?: unknown }).code;
    parts.push(`${current.name}: ${current.message}${typeof code === 'string' ? ` (${code})` : ''}`);
    current = current.cause;
  }
  return parts.join(' <- ');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A free endpoint without a sign-in: the gateway's 402, if it still answers. */
async function answersFollowUp(gateway: GatewayUnderTest, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(`${gateway.url}/api/memory/peers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return response.status === 402;
  } catch {
    return false;
  }
}
