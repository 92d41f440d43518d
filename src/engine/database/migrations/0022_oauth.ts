/**
 * OAuth 2.1 for `/mcp` on `serve`. A grant is what a person allowed one client: one workspace,
 * through the API key they signed in with at the consent page. Its authorization codes and tokens
 * are random secrets stored only as their SHA-256 (256 random bits: nothing to guess, so a fast
 * hash is enough and can be looked up by key).
 *
 * A grant acts with its key: revoking or deleting the key ends it (each request checks the key
 * is live, as a bearer use does). The configured admin key (PEERMEM_ADMIN_KEY) is never stored, so
 * a grant it made keeps an HMAC of the grant's id keyed with it instead, as console sessions do.
 *
 * Clients registered dynamically (RFC 7591) are kept in oauth_clients; a client whose id is the
 * URL of its metadata document is fetched when it asks, never stored.
 */
export const oauth = `
CREATE TABLE oauth_clients (
  client_id text PRIMARY KEY,
  client_name text,
  redirect_uris jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE oauth_grants (
  id text PRIMARY KEY,
  client_id text NOT NULL,
  client_name text,
  workspace_id text NOT NULL,
  organization_id text,
  key_id text REFERENCES api_keys (id) ON DELETE CASCADE,
  admin_key_proof text,
  resource text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  CHECK ((key_id IS NULL) <> (admin_key_proof IS NULL))
);
CREATE INDEX oauth_grants_by_workspace ON oauth_grants (workspace_id, created_at);
CREATE INDEX oauth_grants_by_organization ON oauth_grants (organization_id, created_at);

-- kind: 'code' (with the PKCE challenge and redirect URI it was issued for), 'access' or
-- 'refresh'. A code or refresh token is spent once (used_at): a spent refresh token shown again
-- ends its grant, as a stolen one would be.
CREATE TABLE oauth_tokens (
  token_sha256 text PRIMARY KEY,
  grant_id text NOT NULL REFERENCES oauth_grants (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('code', 'access', 'refresh')),
  code_challenge text,
  redirect_uri text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX oauth_tokens_by_grant ON oauth_tokens (grant_id);
CREATE INDEX oauth_tokens_by_expiry ON oauth_tokens (expires_at);
`;
