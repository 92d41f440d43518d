import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import type { KeyStore } from '../../engine/platform/keys-store.js';
import type { OAuthStore } from '../../engine/platform/oauth-store.js';
import type { UsageStore } from '../../engine/usage/create-usage-store.js';
import type { UsageRecorder } from '../../engine/usage/usage-recorder.js';
import { LIMITS } from '../../schemas/limits.js';
import { IdempotencyKeyText } from '../../schemas/message.js';
import type { PlatformBackend } from '../../service/platform-backend.js';
import { type ConsoleOptions, createConsoleApp } from '../console/create-console-app.js';
import { formatBytes } from '../format-bytes.js';
import type { RateLimit } from '../rate-limiter.js';
import { refuseLargeBody } from '../refuse-large-body.js';
import { recordUsage } from '../usage/record-usage.js';
import { CONSOLE_ROUTES } from './console-routes.js';
import { KEY_ROUTES } from './keys-routes.js';
import { OAUTH_GRANT_ROUTES } from './oauth-grant-routes.js';
import { ORGANIZATION_ROUTES } from './org-routes.js';
import { type Caller, keyAuthentication, outOfScopeResponse, reachesAll } from './platform-auth.js';
import {
  detailResponse,
  type InputLocation,
  operationErrorResponse,
  validationResponse,
} from './platform-error-response.js';
import { PLATFORM_ROUTES } from './platform-routes.js';
import type { PlatformRoute, StoreRoute } from './route-definition.js';
import { USAGE_ROUTES } from './usage-routes.js';

export type PlatformOptions = {
  backend: PlatformBackend;
  /** The bearer key with access to everything, from configuration. */
  adminKey: string;
  /** The keys minted with `peermem keys` or POST /v3/keys, and organizations; absent, only `adminKey`. */
  keys?: KeyStore | undefined;
  /** Requests per second and burst per key; absent, nothing is limited. */
  rateLimit?: RateLimit | undefined;
  /** The web console at /console, signed in with the platform's keys; absent, none is served. */
  console?: ConsoleOptions | undefined;
  /** Requests counted by route, status, workspace and key, and GET /v3/usage and /v3/status; absent, none. */
  usage?: { recorder: UsageRecorder; store: UsageStore } | undefined;
  /** The OAuth grants of `/mcp`, listed and revoked under /v3; absent, no such routes. */
  oauth?: OAuthStore | undefined;
};

/** The paths the platform API answers: its two versions, and the console that calls them. */
export const isPlatformPath = (path: string) =>
  path.startsWith('/v3/') || path.startsWith('/v2/') || path === '/console' || path.startsWith('/console/');

type Env = { Variables: { caller: Caller } };

/**
 * The platform API (area B of the spec, the Honcho `/v3` API): workspaces, peers, sessions,
 * messages and conclusions behind a bearer key, and the keys and organizations themselves. Routes
 * are data (platform-routes.ts lists them in order, keys-routes.ts, org-routes.ts); each validates
 * its path, query and body against its zod schemas, answering 422
 * `{detail: [{loc, msg, type, input, ctx}]}` for a bad value, then checks what it reaches against
 * the key's scope (403), and answers `{detail: "..."}` for any other failure.
 */
export function createPlatformApp(options: PlatformOptions): OpenAPIHono {
  const app = new OpenAPIHono<Env>();
  // Before the API's open CORS: the console answers its own pages only.
  if (options.console !== undefined)
    app.route('/', createConsoleApp({ ...options.console, adminKey: options.adminKey, keys: options.keys }));
  // After the console's pages (which are not the API's usage), before anything else is timed.
  if (options.usage !== undefined)
    app.use(
      '*',
      recordUsage(options.usage.recorder, (c) => {
        const caller = c.get('caller') as Caller | undefined;
        return { workspace: c.req.param('workspace_id') ?? caller?.workspace, key: caller?.id };
      }),
    );
  app.use(
    '*',
    cors({
      origin: '*',
      allowHeaders: ['Content-Type', 'Authorization', 'X-Honcho-Host', 'Idempotency-Key'],
    }),
  );
  app.use(
    '*',
    refuseLargeBody(() =>
      detailResponse(
        413,
        `body: must be at most ${formatBytes(LIMITS.requestBodyBytes)}; send less in one call`,
      ),
    ),
  );
  const consoleStore = options.console?.store;
  const requireKey = keyAuthentication({
    ...options,
    findConsoleSession:
      consoleStore === undefined ? undefined : (token) => consoleStore.findSession(token, options.adminKey),
  });
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
  /** The routes of a store the server was given; none without it. */
  const serveStore = <Store>(routes: readonly StoreRoute<Store>[], store: Store | undefined) => {
    if (store !== undefined)
      for (const route of routes)
        serveRoute(app, route, options, async (input, caller) => {
          const answer = await route.run(store, input, caller);
          return answer instanceof Response ? answer : { json: answer };
        });
  };
  serveStore([...KEY_ROUTES, ...ORGANIZATION_ROUTES], keys);
  serveStore(CONSOLE_ROUTES, consoleStore);
  serveStore(OAUTH_GRANT_ROUTES, options.oauth);
  serveStore(USAGE_ROUTES, options.usage?.store);
  app.notFound(() => detailResponse(404, 'no such endpoint; see /openapi.json'));
  app.onError((error) => operationErrorResponse(error));
  // Its callers mount and describe it; the caller variable is its own business.
  return app as unknown as OpenAPIHono;
}

type RouteInput = { params: unknown; query: unknown; body: unknown };
type ServedRoute = PlatformRoute | StoreRoute<unknown>;
type Answer = { status?: 200 | 202; json: unknown } | Response;

/** Validates a route's input, checks its reach against the caller's key, then runs it. */
function serveRoute(
  app: OpenAPIHono<Env>,
  route: ServedRoute,
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
      const idempotencyKey = readIdempotencyKey(route, c.req.header('idempotency-key'));
      if (idempotencyKey instanceof Response) return idempotencyKey;
      const input = { params: params.data, query: query?.data, body: body.data, idempotencyKey };
      const caller = c.get('caller');
      // Before anything is read or written, so the answer is the same whether what it names exists.
      if (!(await reachesAll(caller, route.scope(input as never), options.keys))) return outOfScopeResponse();
      const answer = await run(input, caller);
      if (answer instanceof Response) return answer;
      return Response.json(answer.json, { status: answer.status ?? 200 });
    } catch (error) {
      return operationErrorResponse(error, fieldLocation(route));
    }
  });
}

/**
 * The `Idempotency-Key` of a route that takes one (undefined when none is sent), or its 422; on
 * any other route the header is ignored, as other servers do.
 */
function readIdempotencyKey(route: ServedRoute, header: string | undefined): string | undefined | Response {
  if (!('idempotencyKey' in route) || route.idempotencyKey !== true || header === undefined) return undefined;
  const checked = IdempotencyKeyText.safeParse(header);
  if (checked.success) return checked.data;
  return Response.json(
    {
      detail: [
        {
          loc: ['header', 'idempotency_key'],
          msg: checked.error.issues[0]?.message ?? 'is not valid',
          type: 'value_error',
          input: header.slice(0, 300),
          ctx: {},
        },
      ],
    },
    { status: 422 },
  );
}

/** Where a field an operation names came from: the body, else the query, else the path, of the route. */
function fieldLocation(route: ServedRoute): (field: string) => InputLocation {
  const fields = (schema: z.ZodType | undefined) =>
    schema !== undefined && 'shape' in schema ? Object.keys(schema.shape as object) : [];
  const [body, query, path] = [fields(route.body), fields(route.query), fields(route.params)];
  return (field) =>
    field === 'idempotency_key'
      ? 'header'
      : body.includes(field)
        ? 'body'
        : query.includes(field)
          ? 'query'
          : path.includes(field)
            ? 'path'
            : 'body';
}

const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

function registerDocs(app: OpenAPIHono<Env>, route: ServedRoute): void {
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
      ...('idempotencyKey' in route && route.idempotencyKey === true
        ? {
            headers: z.object({
              'idempotency-key': IdempotencyKeyText.optional().describe(
                'A key unique to this write: the same request sent again with it within 24 hours answers what the first one stored, storing nothing twice; a different request with it is a 422.',
              ),
            }) as never,
          }
        : {}),
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
      [route.status]: {
        description: 'Success.',
        content:
          'responseType' in route && route.responseType !== undefined
            ? { [route.responseType]: { schema: route.response } }
            : json(route.response),
      },
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
