import type { OAuthStore } from '../../engine/platform/oauth-store.js';
import { OAuthProblem } from './authorize-request.js';

const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2000;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Schemes a redirect may never use: they would run or read something in the browser itself. */
const UNSAFE_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:']);

/**
 * POST /oauth/register (RFC 7591), for clients that predate client ID metadata documents: a
 * public client (no secret) with its redirect URIs: https, http on loopback (a native app's
 * local listener) or an app's own scheme.
 */
export async function registerClient(request: Request, store: OAuthStore): Promise<Response> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    throw new OAuthProblem('invalid_client_metadata', 'body: must be a JSON object of client metadata');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new OAuthProblem('invalid_client_metadata', 'body: must be a JSON object of client metadata');
  const fields = body as Record<string, unknown>;
  const uris = fields.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS)
    throw new OAuthProblem(
      'invalid_redirect_uri',
      `redirect_uris: must be a list of 1 to ${MAX_REDIRECT_URIS} URLs`,
    );
  for (const uri of uris) {
    const reason = redirectProblem(uri);
    if (reason !== undefined) throw new OAuthProblem('invalid_redirect_uri', `redirect_uris: ${reason}`);
  }
  const name = fields.client_name;
  if (name !== undefined && (typeof name !== 'string' || name.length > 200))
    throw new OAuthProblem(
      'invalid_client_metadata',
      'client_name: must be a string of at most 200 characters',
    );
  for (const [field, allowed] of [
    ['grant_types', ['authorization_code', 'refresh_token']],
    ['response_types', ['code']],
  ] as const) {
    const given = fields[field];
    if (
      given !== undefined &&
      (!Array.isArray(given) || !given.every((value) => (allowed as readonly unknown[]).includes(value)))
    )
      throw new OAuthProblem('invalid_client_metadata', `${field}: may only hold ${allowed.join(', ')}`);
  }
  const client = await store.registerClient({
    clientName: name as string | undefined,
    redirectUris: uris as string[],
  });
  return Response.json(
    {
      client_id: client.client_id,
      client_id_issued_at: Math.floor(Date.now() / 1000),
      ...(client.client_name === null ? {} : { client_name: client.client_name }),
      redirect_uris: client.redirect_uris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    { status: 201, headers: { 'Cache-Control': 'no-store' } },
  );
}

function redirectProblem(uri: unknown): string | undefined {
  if (typeof uri !== 'string' || uri.length > MAX_URI_LENGTH || !URL.canParse(uri))
    return `each must be an absolute URL of at most ${MAX_URI_LENGTH} characters`;
  const url = new URL(uri);
  if (url.hash !== '') return `${uri} has a fragment, which a redirect URI may not have`;
  if (UNSAFE_SCHEMES.has(url.protocol)) return `${uri} uses a scheme a redirect may not use`;
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname))
    return `${uri} is http on a host other than loopback; use https`;
  return undefined;
}
