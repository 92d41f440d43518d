import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { cors } from 'hono/cors';
import type { z } from 'zod';
import type { PlatformBackend } from '../../engine/platform/create-platform-backend.js';
import type { KeyStore } from '../../engine/platform/keys-store.js';
import { LIMITS } from '../../schemas/limits.js';
import { formatBytes } from '../format-bytes.js';
import type { RateLimit } from '../rate-limiter.js';
import { refuseLargeBody } from '../refuse-large-body.js';
import { KEY_ROUTES, type KeyRoute } from './keys-routes.js';
import { ORGANIZATION_ROUTES } from './org-routes.js';
import { type Caller, keyAuthentication, outOfScopeResponse, reaches } from './platform-auth.js';
import { detailResponse, operationErrorResponse, validationResponse } from './platform-error-response.js';
import { PLATFORM_ROUTES, type PlatformRoute } from './platform-routes.js';

export type PlatformOptions = {
  backend: PlatformBackend;
  /** The bearer key with access to everything, from configuration. */
  adminKey: string;
  /** The keys minted with `peermem keys` or POST /v3/keys, and organizations; absent, only `adminKey`. */
  keys?: KeyStore | undefined;
  /** Requests per second and burst per key; absent, nothing is limited. */
  rateLimit?: RateLimit | undefined;
};

/** The paths the platform API answers: its two versions. */
export const isPlatformPath = (path: string) => path.startsWith('/v3/') || path.startsWith('/v2/');

type Env = { Variables: { caller: Caller } };

/**
 * The platform API (area B of the spec, the Honcho `/v3` API): workspaces, peers, sessions,
 * messages and conclusions behind a bearer key, and the keys and organizations themselves. Routes
 * are data (platform-routes.ts, keys-routes.ts, org-routes.ts); each validates its path, query
 * and body against its zod schemas, answering 422 `{detail: [{loc, msg, type, input, ctx}]}` for
 * a bad value, then checks what it reaches against the key's scope (403), and answers
 * `{detail: "..."}` for any other failure.
 */
export function createPlatformApp(options: PlatformOptions): OpenAPIHono {
  const app = new OpenAPIHono<Env>();
  app.use('*', cors({ origin: '*', allowHeaders: ['Content-Type', 'Authorization', 'X-Honcho-Host'] }));
  app.use(
    '*',
    refuseLargeBody(() =>
      detailResponse(
        413,
        `body: must be at most ${formatBytes(LIMITS.requestBodyBytes)}; send less in one call`,
      ),
    ),
  );
  const requireKey = keyAuthentication(options);
  // The description (/openapi.json) is public; the API is not.
  app.use('/v3/*', requireKey);
  app.use('/v2/*', requireKey);
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key: Authorization: Bearer <key>. The first admin key comes from PEERMEM_ADMIN_KEY; others are minted with POST /v3/keys or `peermem keys create`.',
  });
  const { backend, keys } = options;
  for (const route of PLATFORM_ROUTES)
    serveRoute(app, route, options, (input, caller) => route.run(backend, input, caller));
  if (keys !== undefined)
    for (const route of [...KEY_ROUTES, ...ORGANIZATION_ROUTES])
      serveRoute(app, route, options, async (input, caller) => ({
        json: await route.run(keys, input, caller),
      }));
  app.notFound(() => detailResponse(404, 'no such endpoint; see /openapi.json'));
  app.onError((error) => operationErrorResponse(error));
  // Its callers mount and describe it; the caller variable is its own business.
  return app as unknown as OpenAPIHono;
}

type RouteInput = { params: unknown; query: unknown; body: unknown };
type Answer = { status?: 200 | 202; json: unknown } | Response;

/** Validates a route's input, checks its reach against the caller's key, then runs it. */
function serveRoute(
  app: OpenAPIHono<Env>,
  route: PlatformRoute | KeyRoute,
  options: PlatformOptions,
  run: (input: RouteInput, caller: Caller) => Promise<Answer>,
): void {
  registerDocs(app, route);
  app.on(route.method.toUpperCase(), honoPath(route.path), async (c: Context<Env>) => {
    try {
      const params = route.params.safeParse(c.req.param());
      if (!params.success) return validationResponse('path', params.error, c.req.param());
      const rawQuery = c.req.query();
      const query = route.query?.safeParse(rawQuery);
      if (query && !query.success) return validationResponse('query', query.error, rawQuery);
      let body: { success: true; data: unknown } | z.ZodSafeParseResult<unknown> = {
        success: true,
        data: undefined,
      };
      let rawBody: unknown;
      const multipart = 'multipart' in route && route.multipart === true;
      if (route.body !== undefined && multipart) {
        // A form's fields as an object, a file as a File, for the body schema to check.
        const form = await c.req.formData().catch(() => undefined);
        if (form === undefined)
          return Response.json(
            {
              detail: [
                {
                  loc: ['body'],
                  msg: 'is not multipart/form-data',
                  type: 'value_error',
                  input: null,
                  ctx: {},
                },
              ],
            },
            { status: 422 },
          );
        rawBody = Object.fromEntries(form.entries());
        body = route.body.safeParse(rawBody);
        if (!body.success) return validationResponse('body', body.error, rawBody);
      } else if (route.body !== undefined) {
        const text = await c.req.text();
        try {
          rawBody = text.trim() === '' ? undefined : JSON.parse(text);
        } catch {
          return Response.json(
            {
              detail: [
                { loc: ['body'], msg: 'is not valid JSON', type: 'json_invalid', input: null, ctx: {} },
              ],
            },
            { status: 422 },
          );
        }
        body = route.body.safeParse(rawBody);
        if (!body.success) return validationResponse('body', body.error, rawBody);
      }
      const input = { params: params.data, query: query?.data, body: body.data };
      const caller = c.get('caller');
      // Before anything is read or written, so the answer is the same whether what it names exists.
      if (!(await reaches(caller, route.scope(input as never), options.keys))) return outOfScopeResponse();
      const answer = await run(input, caller);
      if (answer instanceof Response) return answer;
      return Response.json(answer.json, { status: answer.status ?? 200 });
    } catch (error) {
      return operationErrorResponse(error);
    }
  });
}

const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

function registerDocs(app: OpenAPIHono<Env>, route: PlatformRoute | KeyRoute): void {
  const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
  app.openAPIRegistry.registerPath({
    method: route.method,
    path: route.path,
    summary: route.summary,
    tags: ['platform'],
    security: [{ apiKey: [] }],
    request: {
      params: route.params as never,
      ...(route.query === undefined ? {} : { query: route.query as never }),
      ...(route.body === undefined
        ? {}
        : {
            body: {
              content:
                'multipart' in route && route.multipart === true
                  ? { 'multipart/form-data': { schema: route.body } }
                  : json(route.body),
              required: true,
            },
          }),
    },
    responses: {
      [route.status]: { description: 'Success.', content: json(route.response) },
      401: { description: 'No API key, or one that is unknown, revoked or expired: `{detail}`.' },
      403: { description: 'Outside the key’s scope, whether what it names exists or not: `{detail}`.' },
      404: {
        description: 'A workspace, peer, session, message or conclusion named does not exist: `{detail}`.',
      },
      422: { description: 'A value is not valid: `{detail: [{loc, msg, type, input, ctx}]}`.' },
      429: { description: 'Too many requests with this key: `{detail}`, with Retry-After.' },
    },
  });
}
