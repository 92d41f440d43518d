import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { KeyStore } from '../../engine/platform/keys-store.js';
import { grantKey, type OAuthStore } from '../../engine/platform/oauth-store.js';
import type { Caller } from '../platform/platform-auth.js';
import type { RateLimit } from '../rate-limiter.js';
import {
  checkAuthorizationRequest,
  OAuthProblem,
  RedirectedProblem,
  requestFields,
  ticketSigner,
} from './authorize-request.js';
import { createClientDocuments } from './client-metadata-document.js';
import { CONSENT_HEADERS, chooseWorkspacePage, refusalPage, signInPage } from './consent-page.js';
import {
  DEFAULT_REGISTRATION_LIMITS,
  limitByAddress,
  type RegistrationLimits,
  registrationGate,
} from './oauth-limits.js';
import type { OAuthUrls } from './oauth-urls.js';
import { registerClient } from './register-client.js';
import { tokenEndpoint } from './token-endpoint.js';

export type OAuthAppOptions = {
  store: OAuthStore;
  keys: KeyStore | undefined;
  adminKey: string;
  urls: OAuthUrls;
  /** Client ID metadata documents may be http URLs on loopback (tests and development). */
  loopbackClients: boolean;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  /** Per client address on registration, authorize and token; absent, nothing is limited. */
  addressLimit?: RateLimit | undefined;
  /** How dynamic registration is bounded; DEFAULT_REGISTRATION_LIMITS unless given (tests). */
  registrationLimits?: RegistrationLimits | undefined;
};

const CODE_TTL_MS = 60_000;
/** A form or registration is a few hundred bytes; more is refused before it is read whole. */
const MAX_BODY_BYTES = 65_536;

/**
 * The authorization server of `/mcp` (OAuth 2.1 as MCP 2026-07-28 asks): RFC 9728 and RFC 8414
 * metadata, the authorize step (sign in with an API key, choose a workspace), the token endpoint
 * (authorization code with PKCE S256, refresh with rotation), RFC 7591 registration and RFC 7009
 * revocation. Clients are public (no secret); each answer to bad input is OAuth error JSON.
 */
export function createOAuthApp(options: OAuthAppOptions): Hono {
  const { store, urls, adminKey } = options;
  const tickets = ticketSigner(adminKey);
  const app = new Hono();
  app.onError((error) => {
    if (error instanceof RedirectedProblem) {
      const back = new URL(error.redirectUri);
      back.searchParams.set('error', error.error);
      back.searchParams.set('error_description', error.description);
      if (error.state !== undefined) back.searchParams.set('state', error.state);
      back.searchParams.set('iss', urls.issuer);
      return Response.redirect(back.href, 302);
    }
    if (error instanceof OAuthProblem) return problemResponse(error);
    console.error('peermem: an OAuth request failed:', error);
    return oauthError(500, 'server_error', 'the request failed unexpectedly; try again');
  });
  app.use(
    '/oauth/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => oauthError(413, 'invalid_request', `body: must be at most ${MAX_BODY_BYTES} bytes`),
    }),
  );
  const byAddress = limitByAddress(options.addressLimit);
  for (const path of ['/oauth/register', '/oauth/authorize', '/oauth/token']) app.use(path, byAddress);
  // Browser-based clients read the metadata and call the token endpoints from their own origin.
  app.use('/.well-known/*', cors({ origin: '*' }));
  for (const path of ['/oauth/token', '/oauth/register', '/oauth/revoke'])
    app.use(path, cors({ origin: '*' }));
  const resourceMetadata = {
    resource: urls.resource,
    authorization_servers: [urls.issuer],
    bearer_methods_supported: ['header'],
    resource_name: 'peermem memory (MCP)',
  };
  app.get('/.well-known/oauth-protected-resource', (c) => c.json(resourceMetadata));
  app.get('/.well-known/oauth-protected-resource/mcp', (c) => c.json(resourceMetadata));
  app.get('/.well-known/oauth-authorization-server', (c) =>
    c.json({
      issuer: urls.issuer,
      authorization_endpoint: urls.authorization,
      token_endpoint: urls.token,
      registration_endpoint: urls.registration,
      revocation_endpoint: urls.revocation,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    }),
  );
  const context = {
    store,
    urls,
    loopbackClients: options.loopbackClients,
    documents: createClientDocuments(options.loopbackClients),
  };
  app.get('/oauth/authorize', async (c) => {
    const request = await checkAuthorizationRequest(c.req.query(), context);
    return c.html(signInPage(request.client, requestFields(request)), 200, CONSENT_HEADERS);
  });
  app.post('/oauth/authorize', async (c) => {
    const form = await readForm(c.req.raw);
    const ticketText = form.ticket;
    if (ticketText === undefined) {
      // Step one: the sign-in form, with the request's parameters carried along.
      const request = await checkAuthorizationRequest(form, context);
      const caller = await findCaller(form.api_key ?? '', options);
      if (caller === undefined)
        return c.html(
          signInPage(request.client, requestFields(request), 'That API key is unknown, revoked or expired.'),
          401,
          CONSENT_HEADERS,
        );
      const workspaces = await store.grantableWorkspaces(caller);
      if (workspaces.length === 0)
        return c.html(
          refusalPage(
            caller.peer !== undefined || caller.session !== undefined
              ? 'This key is scoped to a peer or a session; the MCP tools act on a whole workspace. Sign in with a workspace, organization or admin key.'
              : 'This key reaches no workspace yet; create one first.',
          ),
          403,
          CONSENT_HEADERS,
        );
      return c.html(
        chooseWorkspacePage(
          request.client,
          tickets.issue(requestFields(request), caller),
          workspaces,
          request.redirectUri,
        ),
        200,
        CONSENT_HEADERS,
      );
    }
    // Step two: the workspace chosen, under the signed ticket of step one.
    const ticket = tickets.read(ticketText);
    if (ticket === undefined)
      throw new OAuthProblem(
        'invalid_request',
        'ticket: is not valid or has expired (10 minutes); start signing in again',
      );
    const request = await checkAuthorizationRequest(ticket.fields, context);
    const back = new URL(request.redirectUri);
    if (request.state !== undefined) back.searchParams.set('state', request.state);
    back.searchParams.set('iss', urls.issuer);
    if (form.decision !== 'allow') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'the person denied access');
      return c.redirect(back.href, 302);
    }
    const workspace = form.workspace ?? '';
    if (!(await store.grantableWorkspaces(ticket.caller)).includes(workspace))
      throw new OAuthProblem('invalid_request', 'workspace: is not one the key that signed in may grant');
    const { code } = await store.createGrant({
      clientId: request.client.clientId,
      clientName: request.client.clientName,
      workspace,
      organization: ticket.caller.organization ?? (await options.keys?.workspaceOrganization(workspace)),
      key: grantKey(ticket.caller, adminKey),
      resource: request.resource,
      codeChallenge: request.codeChallenge,
      redirectUri: request.redirectUri,
      codeTtlMs: CODE_TTL_MS,
    });
    back.searchParams.set('code', code);
    return c.redirect(back.href, 302);
  });
  app.post('/oauth/token', async (c) => tokenEndpoint(await readForm(c.req.raw), options));
  const admitRegistration = registrationGate(
    options.registrationLimits ?? DEFAULT_REGISTRATION_LIMITS,
    store,
  );
  app.post('/oauth/register', async (c) => (await admitRegistration(c)) ?? registerClient(c.req.raw, store));
  app.post('/oauth/revoke', async (c) => {
    const form = await readForm(c.req.raw);
    if (!form.token) throw new OAuthProblem('invalid_request', 'token: is required');
    if (!form.client_id)
      throw new OAuthProblem('invalid_client', 'client_id: is required (clients here are public)');
    await store.revokeToken(form.token, form.client_id);
    return c.json({}, 200, { 'Cache-Control': 'no-store' });
  });
  app.all('/oauth/*', () =>
    oauthError(404, 'invalid_request', 'no such OAuth endpoint; see /.well-known/oauth-authorization-server'),
  );
  return app;
}

/** A form body (application/x-www-form-urlencoded); the last value of a repeated field is not taken. */
async function readForm(request: Request): Promise<Record<string, string | undefined>> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded'))
    throw new OAuthProblem('invalid_request', 'body: must be application/x-www-form-urlencoded');
  const params = new URLSearchParams(await request.text());
  const form: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name in form) throw new OAuthProblem('invalid_request', `${name}: must be given once`);
    form[name] = value;
  }
  return form;
}

async function findCaller(given: string, options: OAuthAppOptions): Promise<Caller | undefined> {
  if (given === '') return undefined;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  if (timingSafeEqual(digest(given), digest(options.adminKey))) return { id: 'configured' };
  return options.keys?.findKey(given);
}

const oauthError = (status: number, error: string, description: string) =>
  Response.json(
    { error, error_description: description },
    { status, headers: { 'Cache-Control': 'no-store' } },
  );

const problemResponse = (problem: OAuthProblem) =>
  oauthError(problem.status, problem.error, problem.description);
