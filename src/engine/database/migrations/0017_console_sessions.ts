/**
 * Sign-ins of the web console. A session is a random token in the browser's cookie, stored here
 * only as its SHA-256 (the token is 256 random bits: nothing to guess, so a fast hash is enough
 * and can be looked up by key), with the API key it was opened with and the CSRF token its pages
 * send with every change.
 *
 * A stored key is named by its id: revoking or deleting the key ends its sessions, and each
 * request checks again that it is live. The configured admin key (PEERMEM_ADMIN_KEY) is never
 * stored, so its sessions keep an HMAC of the session token keyed with it instead: a session
 * opened with an admin key that has since been changed in configuration no longer matches.
 */
export const consoleSessions = `
CREATE TABLE console_sessions (
  token_sha256 text PRIMARY KEY,
  key_id text REFERENCES api_keys (id) ON DELETE CASCADE,
  admin_key_proof text,
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  CHECK ((key_id IS NULL) <> (admin_key_proof IS NULL))
);
CREATE INDEX console_sessions_by_expiry ON console_sessions (expires_at);
`;
