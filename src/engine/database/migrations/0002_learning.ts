/**
 * What the engine learns: the work queue of the deriver, observations about peers, session
 * summaries, and message embeddings for semantic search.
 */
export const learning = `
-- One row per unit of work; a row is claimed with FOR UPDATE SKIP LOCKED, so any number of
-- worker processes can share the queue, and a claim that is never completed (a crash) expires.
CREATE TABLE derivation_tasks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id text NOT NULL,
  session_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('observe')),
  -- The messages the task covers (messages.seq), both ends included.
  first_seq bigint NOT NULL,
  last_seq bigint NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'in_progress', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  claim_token text,
  available_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz,
  finished_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (workspace_id, session_id) REFERENCES sessions (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX derivation_tasks_open ON derivation_tasks (available_at, id) WHERE status IN ('pending', 'in_progress');
CREATE INDEX derivation_tasks_by_workspace ON derivation_tasks (workspace_id, status);

CREATE TABLE observations (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  workspace_id text NOT NULL,
  -- Who holds the belief and whom it is about; equal for what a peer says of itself.
  observer_id text NOT NULL,
  observed_id text NOT NULL,
  session_id text NOT NULL,
  content text NOT NULL,
  -- A normalised form of the content: the same fact seen again is merged, not piled up.
  fact_key text NOT NULL,
  -- Facts that fill the same slot ("lives in", "works as") replace each other: the newer wins.
  slot text,
  -- A short line for the peer card ("Lives in: Lisbon"), for the facts that belong there.
  card_entry text,
  source_message_ids jsonb NOT NULL DEFAULT '[]',
  times_seen integer NOT NULL DEFAULT 1,
  -- When what it describes happened, as far as the messages tell.
  occurred_at timestamptz,
  superseded_by text,
  embedding bytea,
  embedding_model text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search_vector tsvector GENERATED ALWAYS AS (to_tsvector('english', left(content, 100000))) STORED,
  FOREIGN KEY (workspace_id, session_id) REFERENCES sessions (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, observer_id) REFERENCES peers (workspace_id, id) ON DELETE CASCADE,
  FOREIGN KEY (workspace_id, observed_id) REFERENCES peers (workspace_id, id) ON DELETE CASCADE,
  UNIQUE (workspace_id, observer_id, observed_id, fact_key)
);
CREATE INDEX observations_about ON observations (workspace_id, observer_id, observed_id, seq);
CREATE INDEX observations_search ON observations USING gin (search_vector);

CREATE TABLE session_summaries (
  workspace_id text NOT NULL,
  session_id text NOT NULL,
  summary_type text NOT NULL CHECK (summary_type IN ('short', 'long')),
  content text NOT NULL,
  message_id text NOT NULL,
  token_count integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, session_id, summary_type),
  FOREIGN KEY (workspace_id, session_id) REFERENCES sessions (workspace_id, id) ON DELETE CASCADE
);

-- Written by the deriver; a message without one is still found by full-text search. Each write
-- takes a new position, so a process keeping vectors in memory reads only what is new.
CREATE SEQUENCE message_embedding_positions;
CREATE TABLE message_embeddings (
  message_seq bigint PRIMARY KEY REFERENCES messages (seq) ON DELETE CASCADE,
  workspace_id text NOT NULL,
  model text NOT NULL,
  embedding bytea NOT NULL,
  position bigint NOT NULL DEFAULT nextval('message_embedding_positions')
);
CREATE INDEX message_embeddings_by_position ON message_embeddings (workspace_id, model, position);

`;
