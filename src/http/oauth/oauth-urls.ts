/** Where each part of the OAuth flow of `/mcp` is, under the server's public URL. */
export type OAuthUrls = {
  /** The authorization server's issuer: the public origin, no trailing slash. */
  issuer: string;
  /** The protected resource, which tokens are bound to (RFC 8707). */
  resource: string;
  /** RFC 9728 metadata of `/mcp` (the path-suffixed form). */
  resourceMetadata: string;
  authorization: string;
  token: string;
  registration: string;
  revocation: string;
};

export function oauthUrls(publicUrl: URL): OAuthUrls {
  const { origin } = publicUrl;
  return {
    issuer: origin,
    resource: `${origin}/mcp`,
    resourceMetadata: `${origin}/.well-known/oauth-protected-resource/mcp`,
    authorization: `${origin}/oauth/authorize`,
    token: `${origin}/oauth/token`,
    registration: `${origin}/oauth/register`,
    revocation: `${origin}/oauth/revoke`,
  };
}
