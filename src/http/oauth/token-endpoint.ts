import { createHash } from 'node:crypto';
import type { OAuthStore } from '../../engine/platform/oauth-store.js';
import { OAuthProblem } from './authorize-request.js';
import type { OAuthUrls } from './oauth-urls.js';

/** A PKCE code verifier (RFC 7636 §4.1). */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

type TokenOptions = {
  store: OAuthStore;
  adminKey: string;
  urls: OAuthUrls;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
};

/**
 * POST /oauth/token: an authorization code (with its PKCE verifier) or a refresh token for a new
 * access token and a new refresh token; the refresh token given is spent (rotation). Every
 * failure of a code or refresh token is the same `invalid_grant`: nothing is told about which.
 */
export async function tokenEndpoint(
  form: Record<string, string | undefined>,
  options: TokenOptions,
): Promise<Response> {
  const clientId = form.client_id;
  if (!clientId)
    throw new OAuthProblem('invalid_client', 'client_id: is required (clients here are public)', 401);
  if (form.resource !== undefined && form.resource !== options.urls.resource)
    throw new OAuthProblem(
      'invalid_target',
      `resource: this server issues tokens for ${options.urls.resource} only`,
    );
  const spent = await spend(form, options.store);
  if (spent === undefined || spent.clientId !== clientId)
    throw new OAuthProblem(
      'invalid_grant',
      `${grantField(form)}: is not valid (expired, spent, revoked or of another client)`,
    );
  if (form.grant_type === 'authorization_code') {
    if (form.redirect_uri !== spent.redirectUri)
      throw new OAuthProblem('invalid_grant', 'redirect_uri: is not the one the code was issued for');
    const challenge = createHash('sha256')
      .update(form.code_verifier ?? '')
      .digest('base64url');
    if (challenge !== spent.codeChallenge)
      throw new OAuthProblem(
        'invalid_grant',
        'code_verifier: does not match the code_challenge of the request',
      );
  }
  const tokens = await options.store.issueTokens(spent.grantId, options.adminKey, {
    accessMs: options.accessTokenSeconds * 1000,
    refreshMs: options.refreshTokenSeconds * 1000,
  });
  if (tokens === undefined)
    throw new OAuthProblem(
      'invalid_grant',
      `${grantField(form)}: the grant has ended (revoked, or its API key was)`,
    );
  return Response.json(
    {
      access_token: tokens.accessToken,
      token_type: 'Bearer',
      expires_in: tokens.expiresInSeconds,
      refresh_token: tokens.refreshToken,
    },
    { headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } },
  );
}

const grantField = (form: Record<string, string | undefined>) =>
  form.grant_type === 'refresh_token' ? 'refresh_token' : 'code';

/** Checks the shape of the grant, then spends its code or refresh token. */
function spend(form: Record<string, string | undefined>, store: OAuthStore) {
  switch (form.grant_type) {
    case 'authorization_code':
      if (!form.code) throw new OAuthProblem('invalid_request', 'code: is required');
      if (!form.redirect_uri) throw new OAuthProblem('invalid_request', 'redirect_uri: is required');
      if (!VERIFIER.test(form.code_verifier ?? ''))
        throw new OAuthProblem(
          'invalid_request',
          'code_verifier: is required, 43 to 128 characters of A-Z a-z 0-9 - . _ ~',
        );
      return store.spendSecret('code', form.code);
    case 'refresh_token':
      if (!form.refresh_token) throw new OAuthProblem('invalid_request', 'refresh_token: is required');
      return store.spendSecret('refresh', form.refresh_token);
    case undefined:
    case '':
      throw new OAuthProblem('invalid_request', 'grant_type: is required');
    default:
      throw new OAuthProblem(
        'unsupported_grant_type',
        'grant_type: must be authorization_code or refresh_token',
      );
  }
}
