import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { RequestLabels, UsageRecorder } from '../../engine/usage/usage-recorder.js';

/** Who made a request and where, as far as the app that answered it knows. */
type Attribution = { workspace?: string | undefined; key?: string | undefined };

// A request told of by the code that learns it (the gateway, once the wallet is verified).
const attributed = new WeakMap<Request, Attribution>();

/** Names the workspace (or key) of a request for its usage, when only a route's handler knows it. */
export function attributeRequest(request: Request, attribution: Attribution): void {
  attributed.set(request, { ...attributed.get(request), ...attribution });
}

/**
 * The route pattern a request matched, `GET /v3/workspaces/{workspace_id}`, in the OpenAPI
 * document's spelling: the last route matched that is not a middleware; a request that matched
 * none is `unmatched`, so that scanners probing paths add one row, not one per path.
 */
function routePattern(c: Context): string {
  if (c.req.method === 'OPTIONS') return 'OPTIONS (CORS preflight)';
  const route = matchedRoutes(c).findLast((matched) => matched.method !== 'ALL');
  if (route === undefined) return 'unmatched';
  return `${route.method} ${route.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`;
}

/**
 * Counts each request the app answers by route pattern and status, with its latency, and the
 * workspace and key `attribute` names; the recorder writes it later, in a batch.
 */
export function recordUsage(
  recorder: UsageRecorder,
  attribute: (c: Context) => Attribution = () => ({}),
): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const labels: RequestLabels = {
      route: routePattern(c),
      status: c.res.status,
      ...attribute(c),
      ...attributed.get(c.req.raw),
    };
    recorder.request(labels, performance.now() - started);
  };
}
