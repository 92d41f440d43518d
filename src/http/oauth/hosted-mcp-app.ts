import { createHash, timingSafeEqual } from 'node:crypto';
import { createMcpHandler, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { type Context, Hono } from 'hono';
import type { KeyStore } from '../../engine/platform/keys-store.js';
import { ACCESS_TOKEN_PREFIX } from '../../engine/platform/oauth-grants.js';
import type { OAuthStore } from '../../engine/platform/oauth-store.js';
import { createMcpServer } from '../../mcp/create-mcp-server.js';
import { LIMITS } from '../../schemas/limits.js';
import type { GatewayBackend } from '../../service/gateway-backend.js';
import { rpcBodyTooLarge, rpcError, rpcFailure } from '../mcp-rpc-errors.js';
import { type Caller, reachesAll } from '../platform/platform-auth.js';
import { createRateLimiter, type RateLimit } from '../rate-limiter.js';
import { refuseLargeBody } from '../refuse-large-body.js';
import { attributeRequest } from '../usage/record-usage.js';
import type { OAuthUrls } from './oauth-urls.js';

/** The header (or query parameter) naming the workspace when an admin or organization key calls. */
const WORKSPACE_HEADER = 'X-Peermem-Workspace';

export type HostedMcpOptions = {
  backend: GatewayBackend;
  adminKey: string;
  keys: KeyStore | undefined;
  oauth: OAuthStore;
  urls: OAuthUrls;
  /** Per API key or OAuth grant, the platform API's limit; absent, nothing is limited. */
  rateLimit?: RateLimit | undefined;
};

/** `usage` names the key as the platform does (its id), and a grant as `oauth:` and its id. */
type Decision = { workspace: string; clientId: string; usage: string } | Response;

/**
 * `/mcp` on `serve`: every tool over Streamable HTTP, each request served by an MCP server over
 * the one workspace its bearer reaches. The bearer is an OAuth access token (bound to this
 * resource and a workspace at consent), or a platform API key: a workspace key reaches its
 * workspace; an admin or organization key names one in `X-Peermem-Workspace` (or `?workspace=`)
 * that it reaches; a peer or session key is refused, since the tools act on a whole workspace.
 */
export function createHostedMcpApp(options: HostedMcpOptions): { app: Hono; close(): Promise<void> } {
  const { backend, urls } = options;
  const handler = createMcpHandler(
    (context) => {
      const workspace = context.authInfo?.extra?.workspace;
      if (typeof workspace !== 'string') throw new Error('an MCP request reached the server unauthorised');
      return createMcpServer({ memory: backend.memory(workspace), remoteClient: true });
    },
    { maxRequestBodySize: LIMITS.requestBodyBytes },
  );
  const limiter =
    options.rateLimit !== undefined && options.rateLimit.requestsPerSecond > 0
      ? createRateLimiter(options.rateLimit)
      : undefined;
  const app = new Hono();
  app.onError(rpcFailure);
  app.use('/mcp', refuseLargeBody(rpcBodyTooLarge()));
  const serve = async (c: Context) => {
    const request = c.req.raw;
    const decided = await decide(request, options);
    if (decided instanceof Response) return decided;
    attributeRequest(request, { workspace: decided.workspace, key: decided.usage });
    // After the bearer is known, as the platform API counts: by key, or by grant for a token.
    const wait = limiter?.take(decided.usage) ?? 0;
    if (wait > 0 && limiter !== undefined) {
      const seconds = Math.max(1, Math.ceil(wait));
      return Response.json(
        rpcError(
          ProtocolErrorCode.InvalidRequest,
          `Too many requests with this ${decided.usage.startsWith('oauth:') ? 'sign-in' : 'API key'}: at most ${limiter.limit.requestsPerSecond} a second, ${limiter.limit.burst} at once; retry after ${seconds} s.`,
        ),
        { status: 429, headers: { 'Retry-After': String(seconds) } },
      );
    }
    const token = bearer(request) ?? '';
    return handler.fetch(request, {
      authInfo: {
        token,
        clientId: decided.clientId,
        scopes: [],
        resource: new URL(urls.resource),
        extra: { workspace: decided.workspace },
      },
    });
  };
  // The methods of Streamable HTTP by name, so that usage counts them as `POST /mcp`; any other
  // reaches the handler too, which answers 405.
  app.on(['GET', 'POST', 'DELETE'], '/mcp', serve);
  app.all('/mcp', serve);
  return { app, close: () => handler.close() };
}

const bearer = (request: Request) =>
  /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]?.trim();

/** Which workspace the request's bearer reaches, or the refusal to answer instead. */
async function decide(request: Request, options: HostedMcpOptions): Promise<Decision> {
  const { urls } = options;
  const given = bearer(request);
  if (given === undefined)
    return challenge(
      urls,
      undefined,
      'Unauthorized: sign in (OAuth) or send a platform API key as Authorization: Bearer <key>.',
    );
  if (given.startsWith(ACCESS_TOKEN_PREFIX)) {
    const grant = await options.oauth.findAccessToken(given, options.adminKey);
    // One answer for a token unknown, expired, revoked or bound to another resource.
    if (grant === undefined || grant.resource !== urls.resource)
      return challenge(
        urls,
        'invalid_token',
        'Unauthorized: the access token is expired, revoked or unknown; refresh it or sign in again.',
      );
    const named = request.headers.get(WORKSPACE_HEADER);
    if (named !== null && named !== grant.workspace)
      return refusal(403, `${WORKSPACE_HEADER}: this token was granted workspace "${grant.workspace}" only.`);
    return { workspace: grant.workspace, clientId: grant.clientId, usage: `oauth:${grant.id}` };
  }
  const caller: Caller | undefined = sameKey(given, options.adminKey)
    ? { id: 'configured' }
    : await options.keys?.findKey(given);
  if (caller === undefined)
    return challenge(urls, 'invalid_token', 'Unauthorized: the API key is unknown, revoked or expired.');
  if (caller.peer !== undefined || caller.session !== undefined)
    return refusal(
      403,
      'This API key is scoped to a peer or a session: the MCP tools act on a whole workspace. Use a workspace key, or sign in with OAuth.',
    );
  const named = request.headers.get(WORKSPACE_HEADER) ?? new URL(request.url).searchParams.get('workspace');
  const workspace = caller.workspace ?? named ?? undefined;
  if (workspace === undefined || workspace === '')
    return refusal(
      400,
      `${WORKSPACE_HEADER}: this key reaches several workspaces; name the one to serve in the ${WORKSPACE_HEADER} header or the workspace query parameter.`,
    );
  if (named !== null && named !== workspace)
    return refusal(403, `${WORKSPACE_HEADER}: this key reaches only workspace "${workspace}".`);
  if (!(await reachesAll(caller, { level: 'workspace', workspace }, options.keys)))
    return refusal(403, `${WORKSPACE_HEADER}: this API key does not reach the workspace named.`);
  return { workspace, clientId: caller.id, usage: caller.id };
}

/** 401 naming the protected resource metadata (RFC 9728 §5.1), where a client starts signing in. */
function challenge(urls: OAuthUrls, error: 'invalid_token' | undefined, message: string): Response {
  const parameters = [`resource_metadata="${urls.resourceMetadata}"`];
  if (error !== undefined) parameters.push(`error="${error}"`);
  return Response.json(rpcError(ProtocolErrorCode.InvalidRequest, message), {
    status: 401,
    headers: { 'WWW-Authenticate': `Bearer ${parameters.join(', ')}` },
  });
}

const refusal = (status: 400 | 403, message: string) =>
  Response.json(rpcError(ProtocolErrorCode.InvalidRequest, message), { status });

/** Compares by hashes, in constant time whatever the lengths. */
const sameKey = (given: string, adminKey: string) =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(adminKey).digest(),
  );
