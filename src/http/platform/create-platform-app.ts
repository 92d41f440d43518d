import { createHash, timingSafeEqual } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { z } from 'zod';
import type { PlatformBackend } from '../../engine/platform/create-platform-backend.js';
import { LIMITS } from '../../schemas/limits.js';
import { formatBytes } from '../format-bytes.js';
import { refuseLargeBody } from '../refuse-large-body.js';
import { detailResponse, operationErrorResponse, validationResponse } from './platform-error-response.js';
import { PLATFORM_ROUTES, type PlatformRoute } from './platform-routes.js';

export type PlatformOptions = {
  backend: PlatformBackend;
  /** The bearer key with access to everything. */
  adminKey: string;
};

/** The paths the platform API answers: its two versions. */
export const isPlatformPath = (path: string) => path.startsWith('/v3/') || path.startsWith('/v2/');

/**
 * The platform API (area B of the spec, the Honcho `/v3` API): workspaces, peers, sessions,
 * messages and conclusions behind a bearer key. Routes are data (platform-routes.ts); each
 * validates its path, query and body against its zod schemas, answering 422
 * `{detail: [{loc, msg, type, input, ctx}]}` for a bad value and `{detail: "..."}` otherwise.
 */
export function createPlatformApp(options: PlatformOptions): OpenAPIHono {
  const app = new OpenAPIHono();
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
  const isAdmin = keyChecker(options.adminKey);
  const requireKey: MiddlewareHandler = async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const given = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
    if (given === undefined)
      return detailResponse(401, 'an API key is required: send Authorization: Bearer <key>', {
        'WWW-Authenticate': 'Bearer',
      });
    // The same answer for any wrong key, whatever it names: nothing is told about what exists.
    if (!isAdmin(given))
      return detailResponse(401, 'the API key is not valid', { 'WWW-Authenticate': 'Bearer' });
    await next();
  };
  // The description (/openapi.json) is public; the API is not.
  app.use('/v3/*', requireKey);
  app.use('/v2/*', requireKey);
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key: Authorization: Bearer <key>. The admin key comes from PEERMEM_ADMIN_KEY.',
  });
  for (const route of PLATFORM_ROUTES) {
    registerDocs(app, route);
    app.on(route.method.toUpperCase(), honoPath(route.path), async (c) => {
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
        if (route.body !== undefined) {
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
        const answer = await route.run(options.backend, {
          params: params.data,
          query: query?.data,
          body: body.data,
        });
        if (answer instanceof Response) return answer;
        return Response.json(answer.json, { status: answer.status ?? 200 });
      } catch (error) {
        return operationErrorResponse(error);
      }
    });
  }
  app.notFound(() => detailResponse(404, 'no such endpoint; see /openapi.json'));
  app.onError((error) => operationErrorResponse(error));
  return app;
}

/** Compares keys by their hashes, in constant time. */
function keyChecker(key: string): (given: string) => boolean {
  const expected = createHash('sha256').update(key).digest();
  return (given) => timingSafeEqual(createHash('sha256').update(given).digest(), expected);
}

const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

function registerDocs(app: OpenAPIHono, route: PlatformRoute): void {
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
      ...(route.body === undefined ? {} : { body: { content: json(route.body), required: true } }),
    },
    responses: {
      [route.status]: { description: 'Success.', content: json(route.response) },
      401: { description: 'No API key, or not a valid one: `{detail}`.' },
      404: {
        description: 'A workspace, peer, session, message or conclusion named does not exist: `{detail}`.',
      },
      422: { description: 'A value is not valid: `{detail: [{loc, msg, type, input, ctx}]}`.' },
    },
  });
}
