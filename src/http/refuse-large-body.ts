import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { LIMITS } from '../schemas/limits.js';

/**
 * Refuses a request body over `LIMITS.requestBodyBytes` with `tooLarge()` before anything reads
 * it: at once when its Content-Length says so, otherwise as soon as the bytes read pass the limit,
 * so it is never held whole. Any answer given while the body is left unread (this refusal, or one
 * for a wrong content type) closes the connection: the unread bytes would otherwise be taken for
 * the client's next request on it, which would never be answered.
 */
export function refuseLargeBody(tooLarge: () => Response): MiddlewareHandler {
  const limit = bodyLimit({ maxSize: LIMITS.requestBodyBytes, onError: () => tooLarge() });
  return async (c, next) => {
    // bodyLimit returns its refusal; any other answer is in c.res once the handlers are done.
    const result = await limit(c, next);
    const refused = result instanceof Response ? result : undefined;
    if (refused !== undefined) refused.headers.set('Connection', 'close');
    else if (c.req.raw.body !== null && !c.req.raw.bodyUsed) c.res.headers.set('Connection', 'close');
    return refused;
  };
}
