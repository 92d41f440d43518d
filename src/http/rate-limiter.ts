import { z } from 'zod';

/** A token bucket's refill rate and size; a rate of 0 turns the limit off. */
export const RateLimit = z.object({
  requestsPerSecond: z.coerce
    .number({ error: 'must be a number' })
    .min(0, 'must be 0 (no limit) or more')
    .max(1_000_000, 'must be at most 1000000')
    .describe('Requests per second the bucket refills with; 0 turns the limit off.'),
  burst: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .describe('Requests the bucket holds: how many may come at once after a quiet spell.'),
});
export type RateLimit = z.infer<typeof RateLimit>;

/** The gateway's limits: per wallet once it is verified, per client IP before that. */
export const GatewayRateLimits = z.object({ wallet: RateLimit, ip: RateLimit });
export type GatewayRateLimits = z.infer<typeof GatewayRateLimits>;

/**
 * Far above what one agent does (a turn is a few calls; a bulk import of history is one
 * /messages call per 100 messages), so only a runaway loop or a flood meets them. The IP limit is
 * higher than the wallet's because several agents may share an address (a NAT), and what it
 * counts are only the first, unsigned calls that fetch a challenge.
 */
export const DEFAULT_RATE_LIMITS: GatewayRateLimits = {
  wallet: { requestsPerSecond: 20, burst: 60 },
  ip: { requestsPerSecond: 60, burst: 120 },
};

/**
 * Per platform API key: an application's server makes many calls for one user turn (messages,
 * context, chat), and a bulk import one call per 100 messages, so only a runaway loop meets it.
 */
export const DEFAULT_PLATFORM_RATE_LIMIT: RateLimit = { requestsPerSecond: 50, burst: 200 };

/** Buckets kept at most; the least recently used goes first, so memory stays bounded. */
const MAX_BUCKETS = 10_000;

export type RateLimiter = {
  readonly limit: RateLimit;
  /** Takes one request from `key`'s bucket: 0 when it may go ahead, else the seconds to wait. */
  take(key: string): number;
};

/**
 * Token buckets by key (a wallet, an IP), written here rather than taken from a middleware
 * library: the wallet is known only after its sign-in or payment is verified, in the middle of a
 * handler, and libraries for Hono key their limit before the handler runs.
 */
export function createRateLimiter(
  limit: RateLimit,
  now: () => number = () => performance.now() / 1000,
): RateLimiter {
  if (!(limit.requestsPerSecond > 0) || !Number.isFinite(limit.requestsPerSecond))
    throw new RangeError('requestsPerSecond must be a positive number');
  if (!Number.isInteger(limit.burst) || limit.burst < 1)
    throw new RangeError('burst must be a whole number of at least 1');
  // Map keeps insertion order: re-inserting on use makes the first entry the least recently used.
  // Evicting it forgets a bucket that has refilled (idle for burst / rate seconds) unless ten
  // thousand others were used since, and then at worst hands it a fresh burst.
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    limit,
    take(key) {
      const at = now();
      const bucket = buckets.get(key);
      const tokens =
        bucket === undefined
          ? limit.burst
          : Math.min(limit.burst, bucket.tokens + (at - bucket.at) * limit.requestsPerSecond);
      buckets.delete(key);
      if (tokens >= 1) {
        buckets.set(key, { tokens: tokens - 1, at });
        if (buckets.size > MAX_BUCKETS) buckets.delete(buckets.keys().next().value as string);
        return 0;
      }
      buckets.set(key, { tokens, at });
      return (1 - tokens) / limit.requestsPerSecond;
    },
  };
}
