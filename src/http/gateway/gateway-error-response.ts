import type { z } from 'zod';
import type { GatewayError } from '../../schemas/gateway.js';
import { LIMITS } from '../../schemas/limits.js';
import { hintFor, MemoryError, type SubjectHints } from '../../service/errors.js';
import { formatBytes } from '../format-bytes.js';
import type { RateLimit } from '../rate-limiter.js';

const STATUS = { invalid_input: 400, not_found: 404, unavailable: 503, internal: 500 } as const;

/** How a client finds what exists, in the gateway's routes, for a record that was not found. */
const ROUTE_HINTS: SubjectHints = {
  'session.missing':
    'Sessions are created by POST /messages or POST /sessions/peers/add; POST /sessions lists them.',
  'peer.missing':
    'Peers are created when they write a message (POST /messages) or join a session; POST /peers lists them.',
};

/** A gateway error answer: by default the status that goes with `body.error.code`. */
export function gatewayErrorResponse(
  body: GatewayError,
  init: ResponseInit = { status: STATUS[body.error.code] },
): Response {
  return Response.json(body, init);
}

/** A body over `LIMITS.requestBodyBytes`: 413, before any sign-in or payment is asked for. */
export function bodyTooLargeResponse(): Response {
  return gatewayErrorResponse(
    {
      error: {
        code: 'invalid_input',
        message: `body: must be at most ${formatBytes(LIMITS.requestBodyBytes)}`,
        field: 'body',
        hint: 'Send less in one call: split the messages over several calls. See the limits in /llms.txt.',
      },
    },
    { status: 413 },
  );
}

/**
 * A request over its rate limit: 429, with `Retry-After` in whole seconds (at least 1) and the
 * same wait in the hint. The code is `unavailable`, as for any refusal that passes with time.
 */
export function rateLimitedResponse(
  limit: RateLimit,
  per: 'wallet' | 'IP address',
  waitSeconds: number,
): Response {
  const retryAfter = Math.max(1, Math.ceil(waitSeconds));
  return gatewayErrorResponse(
    {
      error: {
        code: 'unavailable',
        message: `rate limit: ${limit.requestsPerSecond} requests per second per ${per}`,
        hint: `retry after ${retryAfter} s`,
      },
    },
    { status: 429, headers: { 'Retry-After': String(retryAfter), 'Cache-Control': 'no-store' } },
  );
}

/** A request body that fails its schema: 400, naming the first field at fault and why. */
export function invalidInputResponse(error: z.ZodError): Response {
  const issue = error.issues[0];
  const field = issue === undefined || issue.path.length === 0 ? undefined : issue.path.map(String).join('.');
  const reason =
    issue?.code === 'unrecognized_keys'
      ? `unknown field ${issue.keys.map((key) => `"${key}"`).join(', ')}`
      : issue?.message;
  return gatewayErrorResponse({
    error: {
      code: 'invalid_input',
      message: `${field ?? 'body'}: ${reason ?? 'is invalid'}`,
      ...(field === undefined ? {} : { field }),
      hint: 'See /openapi.json for the fields of this endpoint.',
    },
  });
}

/**
 * Any other failure of an operation. A `MemoryError` carries a message safe to show; anything
 * else is reported as internal without its details, which stay in the server's log.
 */
export function operationErrorResponse(error: unknown): Response {
  if (error instanceof MemoryError) {
    const hint = hintFor(error, ROUTE_HINTS);
    return gatewayErrorResponse({
      error: {
        code: error.code,
        message: error.message,
        ...(error.field === undefined ? {} : { field: error.field }),
        ...(hint === undefined ? {} : { hint }),
        ...(error.subject === undefined ? {} : { subject: error.subject }),
      },
    });
  }
  console.error(`peermem gateway: ${error instanceof Error ? error.message : String(error)}`);
  return gatewayErrorResponse({
    error: { code: 'internal', message: 'the operation failed inside the service' },
  });
}
