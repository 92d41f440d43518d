/**
 * What the deriver reports beyond its queue: which derivers learn from this database, with the
 * reasoner each runs (a status asked of another process reads it here, not its own settings), and
 * the messages it stored but could not learn from, with the reason.
 */
export const deriverReports = `
-- One row per deriver (a server's or a \`peermem worker\`'s), written when it starts and renewed with
-- its heartbeat; a row not renewed for a week is deleted by the next deriver that starts.
CREATE TABLE derivers (
  id text PRIMARY KEY,
  reasoner text NOT NULL,
  embedding_model text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL DEFAULT now()
);

-- A message stored and searchable that the reasoner could not learn from; reason: 'language' (the
-- offline reasoner reads English only).
CREATE TABLE messages_not_learned (
  message_seq bigint PRIMARY KEY REFERENCES messages (seq) ON DELETE CASCADE,
  workspace_id text NOT NULL,
  session_id text NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_not_learned_by_session ON messages_not_learned (workspace_id, session_id);
`;
