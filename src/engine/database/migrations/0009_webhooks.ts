/**
 * Webhooks: the endpoints of each workspace, and an outbox of deliveries written by triggers in
 * the same transaction as the change they report.
 *
 * Why triggers: every write of the engine is one SQL statement, reached by the platform API, the
 * MCP tools and the gateway alike. A trigger sees each of them, commits or rolls back with it,
 * and needs no hook in the operations. They are statement-level with transition tables, so a
 * batch of 100 messages costs one call, and each first asks whether any endpoint exists at all
 * (an empty table read): a database, or a workspace, without endpoints pays nothing more.
 *
 * Deliveries carry no foreign keys: a workspace deleted in one statement removes its sessions
 * and its endpoints in an order Postgres chooses, and a `session.deleted` row written meanwhile
 * must not fail that statement. Deliveries whose endpoint is gone are never sent and are removed
 * by the delivery loop.
 */
export const webhooks = `
CREATE TABLE webhook_endpoints (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  url text NOT NULL,
  -- The key of the HMAC each delivery is signed with; shown once, when the endpoint is created.
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (workspace_id, url)
);

-- One row per event and endpoint. event_id is shared by the endpoints of one event.
CREATE TABLE webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id text NOT NULL,
  endpoint_id text NOT NULL,
  workspace_id text NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  -- When a pending delivery is due; while an attempt is under way, when its claim lapses.
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  last_status_code integer,
  last_error text,
  finished_at timestamptz
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_of_endpoint ON webhook_deliveries (endpoint_id, id);

CREATE TYPE webhook_event AS (workspace_id text, type text, data jsonb);

-- One delivery per event and endpoint of its workspace, in the order given.
CREATE FUNCTION webhook_enqueue(events webhook_event[]) RETURNS void LANGUAGE sql AS $$
  WITH ev AS MATERIALIZED (
    SELECT gen_random_uuid()::text AS event_id, x.workspace_id, x.type, x.data, x.ord
    FROM unnest(events) WITH ORDINALITY AS x(workspace_id, type, data, ord)
  )
  INSERT INTO webhook_deliveries (event_id, endpoint_id, workspace_id, type, data)
  SELECT ev.event_id, e.id, ev.workspace_id, ev.type, ev.data
  FROM ev JOIN webhook_endpoints e ON e.workspace_id = ev.workspace_id
  ORDER BY ev.ord, e.created_at, e.id
$$;

CREATE FUNCTION webhook_message_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints) THEN RETURN NULL; END IF;
  PERFORM webhook_enqueue(ARRAY(
    SELECT ROW(n.workspace_id, 'message.created', jsonb_build_object(
      'workspace_id', n.workspace_id, 'session_id', n.session_id, 'peer_id', n.peer_id,
      'message_id', n.id, 'content', n.content, 'metadata', n.metadata, 'token_count', n.token_count,
      'created_at', to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))::webhook_event
    FROM new_rows n
    WHERE n.workspace_id IN (SELECT workspace_id FROM webhook_endpoints)
    ORDER BY n.seq));
  RETURN NULL;
END $$;
CREATE TRIGGER webhook_message_created AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_message_created();

-- Peers and sessions: created, and updated when their metadata or configuration change (an
-- append to a session updates its message count, which is no event).
CREATE FUNCTION webhook_row_data(kind text, workspace text, id text, metadata jsonb, configuration jsonb,
                                 created_at timestamptz) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('workspace_id', workspace, kind || '_id', id, 'metadata', metadata,
    'configuration', configuration,
    'created_at', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
$$;

CREATE FUNCTION webhook_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := CASE TG_TABLE_NAME WHEN 'peers' THEN 'peer' ELSE 'session' END;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints) THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM webhook_enqueue(ARRAY(
      SELECT ROW(o.workspace_id, kind || '.deleted',
        jsonb_build_object('workspace_id', o.workspace_id, kind || '_id', o.id))::webhook_event
      FROM old_rows o
      WHERE o.workspace_id IN (SELECT workspace_id FROM webhook_endpoints)
      ORDER BY o.created_at, o.id));
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM webhook_enqueue(ARRAY(
      SELECT ROW(n.workspace_id, kind || '.created', webhook_row_data(kind, n.workspace_id, n.id, n.metadata,
        n.configuration, n.created_at))::webhook_event
      FROM new_rows n
      WHERE n.workspace_id IN (SELECT workspace_id FROM webhook_endpoints)
      ORDER BY n.created_at, n.id));
    RETURN NULL;
  END IF;
  PERFORM webhook_enqueue(ARRAY(
    SELECT ROW(n.workspace_id, kind || '.updated', webhook_row_data(kind, n.workspace_id, n.id, n.metadata,
      n.configuration, n.created_at))::webhook_event
    FROM new_rows n JOIN old_rows o ON o.workspace_id = n.workspace_id AND o.id = n.id
    WHERE n.workspace_id IN (SELECT workspace_id FROM webhook_endpoints)
      AND (o.metadata IS DISTINCT FROM n.metadata OR o.configuration IS DISTINCT FROM n.configuration)
    ORDER BY n.created_at, n.id));
  RETURN NULL;
END $$;
CREATE TRIGGER webhook_peer_created AFTER INSERT ON peers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_row_changed();
CREATE TRIGGER webhook_peer_updated AFTER UPDATE ON peers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_row_changed();
CREATE TRIGGER webhook_session_created AFTER INSERT ON sessions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_row_changed();
CREATE TRIGGER webhook_session_updated AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_row_changed();
CREATE TRIGGER webhook_session_deleted AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_row_changed();

CREATE FUNCTION webhook_card_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints) THEN RETURN NULL; END IF;
  PERFORM webhook_enqueue(ARRAY(
    SELECT ROW(n.workspace_id, 'peer.card_set', jsonb_build_object('workspace_id', n.workspace_id,
      'peer_id', n.observer_id, 'target_id', n.observed_id, 'peer_card', n.card))::webhook_event
    FROM new_rows n
    WHERE n.workspace_id IN (SELECT workspace_id FROM webhook_endpoints)));
  RETURN NULL;
END $$;
CREATE TRIGGER webhook_card_inserted AFTER INSERT ON peer_cards
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_card_set();
CREATE TRIGGER webhook_card_updated AFTER UPDATE ON peer_cards
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_card_set();

-- queue.empty: a statement finished (done, or failed for good) the last open learning task of a
-- workspace. Two derivers finishing a workspace's last two tasks at once would each see the
-- other's as still open: the per-workspace lock makes the second wait for the first to commit,
-- and its next query then sees both finished.
CREATE FUNCTION webhook_queue_empty() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  drained text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints) THEN RETURN NULL; END IF;
  FOR drained IN
    SELECT DISTINCT n.workspace_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status IN ('done', 'failed') AND o.status NOT IN ('done', 'failed')
      AND n.workspace_id IN (SELECT workspace_id FROM webhook_endpoints)
    ORDER BY n.workspace_id
  LOOP
    PERFORM pg_advisory_xact_lock(724100009, hashtext(drained));
    IF NOT EXISTS (SELECT 1 FROM derivation_tasks t
                   WHERE t.workspace_id = drained AND t.status IN ('pending', 'in_progress')) THEN
      PERFORM webhook_enqueue(ARRAY[ROW(drained, 'queue.empty', jsonb_build_object('workspace_id', drained,
        'queue_type', 'representation', 'session_id', NULL, 'observer', NULL, 'observed', NULL))::webhook_event]);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER webhook_queue_empty AFTER UPDATE ON derivation_tasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION webhook_queue_empty();
`;
