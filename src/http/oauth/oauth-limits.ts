import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import type { OAuthStore } from '../../engine/platform/oauth-store.js';
import { createRateLimiter, type RateLimit } from '../rate-limiter.js';

/** What bounds dynamic client registration (RFC 7591), which anyone may call without a key. */
export type RegistrationLimits = {
  /** Registrations one client address may make in an hour (a bucket that refills over the hour). */
  perAddressPerHour: number;
  /** Registered clients kept at most; past it registration answers 503 until some are swept. */
  maxClients: number;
  /** A registered client that no sign-in has used after this many hours is deleted. */
  unusedClientHours: number;
};

/**
 * A client registers once per install, so twenty an hour from one address is already a NAT of
 * many people; ten thousand clients kept is far more than one deployment's distinct apps, and a
 * day is long enough to finish a sign-in begun after registering.
 */
export const DEFAULT_REGISTRATION_LIMITS: RegistrationLimits = {
  perAddressPerHour: 20,
  maxClients: 10_000,
  unusedClientHours: 24,
};

/** The connection's peer address (the Node server's bindings; a proxy's, behind one). */
const clientAddress = (c: Context) =>
  (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket.remoteAddress ?? 'unknown';

/**
 * The check before a registration: its address's hourly budget (429), then the ceiling (503),
 * after sweeping clients never used. Undefined when the registration may go ahead.
 */
export function registrationGate(
  limits: RegistrationLimits,
  store: OAuthStore,
): (c: Context) => Promise<Response | undefined> {
  const perAddress = createRateLimiter({
    requestsPerSecond: limits.perAddressPerHour / 3600,
    burst: limits.perAddressPerHour,
  });
  return async (c) => {
    const wait = perAddress.take(clientAddress(c));
    if (wait > 0)
      return tooMany(
        `too many client registrations from this address: at most ${limits.perAddressPerHour} an hour`,
        wait,
      );
    const kept = await store.sweepRegisteredClients(limits.unusedClientHours * 3600_000);
    if (kept < limits.maxClients) return undefined;
    return Response.json(
      {
        error: 'temporarily_unavailable',
        error_description: `registration is full (${limits.maxClients} clients); unused ones are removed after ${limits.unusedClientHours} hours, or use a client ID metadata document`,
      },
      { status: 503, headers: { 'Cache-Control': 'no-store' } },
    );
  };
}

/** 429 in OAuth error JSON; RFC 6749 names no error for it, temporarily_unavailable is nearest. */
function tooMany(reason: string, waitSeconds: number): Response {
  const seconds = Math.max(1, Math.ceil(waitSeconds));
  return Response.json(
    { error: 'temporarily_unavailable', error_description: `${reason}; retry after ${seconds} s` },
    { status: 429, headers: { 'Retry-After': String(seconds), 'Cache-Control': 'no-store' } },
  );
}

/**
 * Per client address, for the OAuth endpoints a client reaches before it holds a token
 * (registration, the authorize pages, the token endpoint): 429 with Retry-After and OAuth error
 * JSON. Behind a reverse proxy every client shares the proxy's address, as with the gateway's IP
 * limit (the same setting), so raise it there or turn it off.
 */
export function limitByAddress(limit: RateLimit | undefined): MiddlewareHandler {
  if (limit === undefined || !(limit.requestsPerSecond > 0)) return (_c, next) => next();
  const limiter = createRateLimiter(limit);
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const wait = limiter.take(clientAddress(c));
    if (wait === 0) return next();
    return tooMany(
      `too many requests from this address: at most ${limit.requestsPerSecond} a second, ${limit.burst} at once`,
      wait,
    );
  };
}
