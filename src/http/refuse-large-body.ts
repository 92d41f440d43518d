import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { LIMITS } from '../schemas/limits.js';

/**
 * Refuses a request body over `LIMITS.requestBodyBytes` with `tooLarge()` before anything reads
 * it: at once when its Content-Length says so, otherwise as soon as the bytes read pass the limit,
 * so it is never held whole. The rest of the body is left unread, so the answer closes the
 * connection: a client that stopped sending must not send its next request on it.
 */
export function refuseLargeBody(tooLarge: () => Response): MiddlewareHandler {
  return bodyLimit({
    maxSize: LIMITS.requestBodyBytes,
    onError: () => {
      const response = tooLarge();
      response.headers.set('Connection', 'close');
      return response;
    },
  });
}
