/** Workspaces, peers, sessions and their members, messages with full-text search, peer cards. */
export const initial = `
CREATE TABLE workspaces (
  id text PRIMARY KEY,
  metadata jsonb NOT NULL DEFAULT '{}',
  configuration jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE peers (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text NOT NULL,
  -- Peers created by one statement share created_at: seq keeps the order they appeared in.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  metadata jsonb NOT NULL DEFAULT '{}',
  configuration jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX peers_by_age ON peers (workspace_id, created_at, seq);

CREATE TABLE sessions (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  id text NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  configuration jsonb NOT NULL DEFAULT '{}',
  -- Kept with each append so that listing a long session never counts its rows.
  message_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX sessions_by_age ON sessions (workspace_id, created_at, id);

-- Membership is kept after a peer leaves (left_at set), so a peer's session list still shows
-- the sessions it took part in, as inactive.
CREATE TABLE session_peers (
  workspace_id text NOT NULL,
  session_id text NOT NULL,
  peer_id text NOT NULL,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  observe_me boolean NOT NULL DEFAULT true,
  observe_others boolean NOT NULL DEFAULT false,
  joined_at timestamptz NOT NULL DEFAULT now(),
  left_at timestamptz,
  PRIMARY KEY (workspace_id, session_id, peer_id),
  FOREIGN KEY (workspace_id, session_id) REFERENCES sessions (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, peer_id) REFERENCES peers (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX session_peers_by_peer ON session_peers (workspace_id, peer_id);

CREATE TABLE messages (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id text NOT NULL UNIQUE DEFAULT gen_random_uuid()::text,
  workspace_id text NOT NULL,
  session_id text NOT NULL,
  peer_id text NOT NULL,
  content text NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  token_count integer NOT NULL,
  created_at timestamptz NOT NULL,
  -- The author's name is indexed with the text: questions name people. A tsvector holds at
  -- most 1 MB, so only the first 100,000 characters are indexed; the message is stored whole.
  search_vector tsvector GENERATED ALWAYS AS (to_tsvector('english', peer_id || ' ' || left(content, 100000))) STORED,
  FOREIGN KEY (workspace_id, session_id) REFERENCES sessions (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, peer_id) REFERENCES peers (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX messages_in_session ON messages (workspace_id, session_id, created_at, seq) INCLUDE (token_count);
CREATE INDEX messages_by_peer ON messages (workspace_id, peer_id, created_at, seq);
CREATE INDEX messages_search ON messages USING gin (search_vector);

CREATE TABLE peer_cards (
  workspace_id text NOT NULL,
  observer_id text NOT NULL,
  observed_id text NOT NULL,
  card jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, observer_id, observed_id),
  FOREIGN KEY (workspace_id, observer_id) REFERENCES peers (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, observed_id) REFERENCES peers (workspace_id, id) ON DELETE CASCADE
);
`;
