import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FoundApiKey } from '../../engine/platform/api-keys.js';
import type { OAuthStore } from '../../engine/platform/oauth-store.js';
import { type ClientDocuments, isMetadataDocumentUrl, type OAuthClient } from './client-metadata-document.js';
import type { OAuthUrls } from './oauth-urls.js';

/** An authorization request that has been checked: its client, and where the answer goes. */
export type AuthorizationRequest = {
  client: OAuthClient;
  redirectUri: string;
  codeChallenge: string;
  state: string | undefined;
  resource: string;
};

/** An OAuth error: `error` from RFC 6749 §5.2 / §4.1.2.1, and what was wrong, naming the field. */
export class OAuthProblem extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status: 400 | 401 = 400,
  ) {
    super(description);
  }
}

/**
 * An error found once the redirect URI is known to be the client's: answered by sending the
 * browser back to the client with `error`, `error_description`, `state` and `iss` (RFC 6749
 * §4.1.2.1, RFC 9207), not with a page of JSON the client never sees.
 */
export class RedirectedProblem extends OAuthProblem {
  constructor(
    error: string,
    description: string,
    readonly redirectUri: string,
    readonly state: string | undefined,
  ) {
    super(error, description);
  }
}

/** A PKCE S256 challenge: the base64url SHA-256 of a verifier, 43 characters. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const MAX_STATE = 1000;

/**
 * Checks an authorization request's parameters (RFC 6749 §4.1.1, PKCE S256 only, RFC 8707's
 * `resource` naming `/mcp`) and finds its client: one registered here, or one whose id is the
 * URL of its metadata document. The redirect URI must be one the client declared, exactly.
 */
export async function checkAuthorizationRequest(
  params: Record<string, string | undefined>,
  context: { store: OAuthStore; urls: OAuthUrls; loopbackClients: boolean; documents: ClientDocuments },
): Promise<AuthorizationRequest> {
  const clientId = params.client_id;
  if (!clientId) throw new OAuthProblem('invalid_request', 'client_id: is required');
  if (clientId.length > 2000)
    throw new OAuthProblem('invalid_request', 'client_id: must be at most 2000 characters');
  const client = await findClient(clientId, context);
  const redirectUri = params.redirect_uri;
  if (!redirectUri) throw new OAuthProblem('invalid_request', 'redirect_uri: is required');
  if (!client.redirectUris.includes(redirectUri))
    throw new OAuthProblem(
      'invalid_request',
      'redirect_uri: is not one of the redirect URIs the client declared',
    );
  // A state too long to carry back is left out of the redirect that says so.
  const state = params.state;
  const refuse = (error: string, description: string) =>
    new RedirectedProblem(
      error,
      description,
      redirectUri,
      state !== undefined && state !== '' && state.length <= MAX_STATE ? state : undefined,
    );
  if (params.response_type !== 'code')
    throw refuse('unsupported_response_type', 'response_type: must be code');
  if (params.code_challenge_method !== 'S256')
    throw refuse(
      'invalid_request',
      'code_challenge_method: must be S256 (PKCE is required; plain is not accepted)',
    );
  const codeChallenge = params.code_challenge ?? '';
  if (!CHALLENGE.test(codeChallenge))
    throw refuse(
      'invalid_request',
      'code_challenge: must be the 43-character base64url SHA-256 of the code verifier',
    );
  const resource = params.resource ?? context.urls.resource;
  if (resource !== context.urls.resource)
    throw refuse('invalid_target', `resource: this server issues tokens for ${context.urls.resource} only`);
  if (state !== undefined && state.length > MAX_STATE)
    throw refuse('invalid_request', `state: must be at most ${MAX_STATE} characters`);
  return { client, redirectUri, codeChallenge, state: state || undefined, resource };
}

async function findClient(
  clientId: string,
  context: { store: OAuthStore; loopbackClients: boolean; documents: ClientDocuments },
): Promise<OAuthClient> {
  if (isMetadataDocumentUrl(clientId, context.loopbackClients)) {
    try {
      return await context.documents.find(clientId);
    } catch (error) {
      throw new OAuthProblem('invalid_client', `client_id: ${(error as Error).message}`);
    }
  }
  if (URL.canParse(clientId) && /^https?:/.test(clientId))
    throw new OAuthProblem(
      'invalid_client',
      'client_id: a client ID metadata document URL must be https with a path (http on loopback only when PEERMEM_OAUTH_LOOPBACK_CLIENTS is on)',
    );
  const registered = await context.store.findRegisteredClient(clientId);
  if (registered === undefined)
    throw new OAuthProblem(
      'invalid_client',
      'client_id: no client is registered with this id; register at /oauth/register or use a metadata document URL',
    );
  return { clientId, clientName: registered.client_name, redirectUris: registered.redirect_uris };
}

/** The request's parameters as the sign-in form carries them to the next step. */
export const requestFields = (request: AuthorizationRequest): Record<string, string> => ({
  response_type: 'code',
  client_id: request.client.clientId,
  redirect_uri: request.redirectUri,
  code_challenge: request.codeChallenge,
  code_challenge_method: 'S256',
  resource: request.resource,
  ...(request.state === undefined ? {} : { state: request.state }),
});

const TICKET_TTL_MS = 10 * 60_000;

/** What the workspace page's form carries: the request and the key that signed in, signed. */
type Ticket = { fields: Record<string, string>; caller: FoundApiKey; expires: number };

/**
 * Signs the state between the two steps, so that no server keeps it (any `serve` process of the
 * database with the same admin key can take the second step) and no page can forge it: the key
 * that signed in is never in it, only its id and scope.
 */
export function ticketSigner(adminKey: string) {
  const secret = createHmac('sha256', adminKey).update('peermem oauth consent tickets').digest();
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    issue(fields: Record<string, string>, caller: FoundApiKey): string {
      const ticket: Ticket = { fields, caller, expires: Date.now() + TICKET_TTL_MS };
      const payload = Buffer.from(JSON.stringify(ticket)).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    read(given: string): Ticket | undefined {
      const [payload = '', signature = ''] = given.split('.');
      const expected = sign(payload);
      if (
        signature.length !== expected.length ||
        !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
      )
        return undefined;
      const ticket = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Ticket;
      return ticket.expires > Date.now() ? ticket : undefined;
    },
  };
}
