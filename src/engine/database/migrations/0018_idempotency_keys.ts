/**
 * The message writes made with an idempotency key: a client that sends a batch again (its answer
 * lost to a crash or a timeout) with the same key gets the messages stored the first time, not a
 * second copy. A key belongs to one workspace and one holder (an API key, the MCP server, a
 * wallet), so two holders cannot read or block each other's writes through a shared key. The row
 * is written by the same statement as the messages, so a write is never stored without its key.
 * The request's SHA-256 tells a repeat from a different write reusing the key. Rows live 24 hours
 * (`expires_at`), then are purged by the next keyed write.
 */
export const idempotencyKeys = `
CREATE TABLE idempotency_keys (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  holder text NOT NULL,
  key text NOT NULL,
  request_sha256 text NOT NULL,
  message_ids jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (workspace_id, holder, key)
);
CREATE INDEX idempotency_keys_by_expiry ON idempotency_keys (expires_at);
`;
