/**
 * How both upstream clients (the gateway's and the platform API's) space their retries: one
 * policy, so a busy upstream sees the same pressure whichever way it is called.
 */

const RETRY_BASE_MS = 200;
const RETRY_MAX_MS = 2_000;
/** Attempts of one request: the waits between them add up to about 3 s. */
export const MAX_ATTEMPTS = 5;

/** The wait before the next attempt: doubling from 200 ms up to 2 s, or the upstream's Retry-After. */
export const backoff = (attempt: number, retryAfterMs: number) =>
  Math.max(retryAfterMs || 0, Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
