import type { DataRecordType } from '../../schemas/export-records.js';

/**
 * One statement per record type that writes a batch of records (a JSON array in `$1`, each with
 * its place in the file as `ord`) and answers `changed`, the rows it inserted or altered, and
 * `elsewhere`, an id the batch shares with another workspace's message or observation (ids of
 * those are unique across the database; such a batch writes nothing).
 *
 * Each is an upsert that alters a row only when a value differs, so importing a file twice
 * changes nothing the second time, and an import stopped between two batches and run again ends
 * where one run would have. Rows are inserted in file order: identity columns (`seq`) then keep
 * the order of arrival that breaks ties of equal times.
 */
/**
 * The batch as `r`, and `written`, its rows of a table of workspace rows with metadata and a
 * configuration (peers, sessions) upserted; `extra` names more fields of a record to read.
 */
const configurableRows = (table: 'peers' | 'sessions', extra = '') => `WITH r AS (
      SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(ord int, workspace_id text, id text,
        metadata jsonb, configuration jsonb, created_at timestamptz${extra})),
    written AS (
      INSERT INTO ${table} (workspace_id, id, metadata, configuration, created_at)
      SELECT workspace_id, id, metadata, configuration, created_at FROM r ORDER BY ord
      ON CONFLICT (workspace_id, id) DO UPDATE SET metadata = EXCLUDED.metadata,
        configuration = EXCLUDED.configuration, created_at = EXCLUDED.created_at
      WHERE (${table}.metadata, ${table}.configuration, ${table}.created_at)
        IS DISTINCT FROM (EXCLUDED.metadata, EXCLUDED.configuration, EXCLUDED.created_at)
      RETURNING 1)`;

export const RESTORE_STATEMENTS: Record<DataRecordType, string> = {
  workspace: `
    WITH r AS (SELECT * FROM jsonb_to_recordset($1::jsonb)
               AS r(ord int, id text, metadata jsonb, configuration jsonb, created_at timestamptz, folder text)),
    written AS (
      INSERT INTO workspaces (id, metadata, configuration, created_at)
      SELECT id, metadata, configuration, created_at FROM r ORDER BY ord
      ON CONFLICT (id) DO UPDATE SET metadata = EXCLUDED.metadata, configuration = EXCLUDED.configuration,
        created_at = EXCLUDED.created_at
      WHERE (workspaces.metadata, workspaces.configuration, workspaces.created_at)
        IS DISTINCT FROM (EXCLUDED.metadata, EXCLUDED.configuration, EXCLUDED.created_at)
      RETURNING 1),
    folders AS (
      INSERT INTO workspace_folders (workspace_id, folder) SELECT id, folder FROM r WHERE folder IS NOT NULL
      ON CONFLICT (workspace_id) DO UPDATE SET folder = EXCLUDED.folder
      WHERE workspace_folders.folder IS DISTINCT FROM EXCLUDED.folder
      RETURNING 1)
    SELECT (SELECT count(*) FROM written)::int AS changed, NULL AS elsewhere`,

  peer: `
    ${configurableRows('peers')}
    SELECT (SELECT count(*) FROM written)::int AS changed, NULL AS elsewhere`,

  // The session and its members in one statement: the members' foreign keys are checked at its end.
  session: `
    ${configurableRows('sessions', ', members jsonb')},
    members AS (
      INSERT INTO session_peers (workspace_id, session_id, peer_id, observe_me, observe_others, joined_at, left_at)
      SELECT r.workspace_id, r.id, e.member->>'peer_id', (e.member->>'observe_me')::boolean,
        (e.member->>'observe_others')::boolean, (e.member->>'joined_at')::timestamptz,
        (e.member->>'left_at')::timestamptz
      FROM r CROSS JOIN LATERAL jsonb_array_elements(r.members) WITH ORDINALITY AS e(member, n)
      ORDER BY r.ord, e.n
      ON CONFLICT (workspace_id, session_id, peer_id) DO UPDATE SET observe_me = EXCLUDED.observe_me,
        observe_others = EXCLUDED.observe_others, joined_at = EXCLUDED.joined_at, left_at = EXCLUDED.left_at
      WHERE (session_peers.observe_me, session_peers.observe_others, session_peers.joined_at, session_peers.left_at)
        IS DISTINCT FROM (EXCLUDED.observe_me, EXCLUDED.observe_others, EXCLUDED.joined_at, EXCLUDED.left_at)
      RETURNING 1)
    SELECT ((SELECT count(*) FROM written) + (SELECT count(*) FROM members))::int AS changed, NULL AS elsewhere`,

  // A new message counts in its session's message_count in the same statement, as add_messages does.
  message: `
    WITH r AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(ord int, workspace_id text, session_id text,
               id text, peer_id text, content text, metadata jsonb, token_count int, created_at timestamptz,
               not_learned jsonb)),
    elsewhere AS (SELECT m.id FROM messages m JOIN r ON r.id = m.id WHERE m.workspace_id <> r.workspace_id LIMIT 1),
    written AS (
      INSERT INTO messages (id, workspace_id, session_id, peer_id, content, metadata, token_count, created_at)
      SELECT id, workspace_id, session_id, peer_id, content, metadata, token_count, created_at FROM r
      WHERE NOT EXISTS (SELECT 1 FROM elsewhere) ORDER BY ord
      ON CONFLICT (id) DO UPDATE SET session_id = EXCLUDED.session_id, peer_id = EXCLUDED.peer_id,
        content = EXCLUDED.content, metadata = EXCLUDED.metadata, token_count = EXCLUDED.token_count,
        created_at = EXCLUDED.created_at
      WHERE messages.workspace_id = EXCLUDED.workspace_id
        AND (messages.session_id, messages.peer_id, messages.content, messages.metadata, messages.token_count,
             messages.created_at)
        IS DISTINCT FROM (EXCLUDED.session_id, EXCLUDED.peer_id, EXCLUDED.content, EXCLUDED.metadata,
             EXCLUDED.token_count, EXCLUDED.created_at)
      RETURNING workspace_id, session_id, xmax = 0 AS inserted),
    counted AS (
      UPDATE sessions s SET message_count = s.message_count + n.n
      FROM (SELECT workspace_id, session_id, count(*)::int AS n FROM written WHERE inserted GROUP BY 1, 2) n
      WHERE s.workspace_id = n.workspace_id AND s.id = n.session_id
      RETURNING 1)
    SELECT (SELECT count(*) FROM written)::int AS changed, (SELECT id FROM elsewhere) AS elsewhere`,

  observation: `
    WITH r AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(ord int, workspace_id text, id text,
               observer_id text, observed_id text, session_id text, content text, fact_key text, slot text,
               card_entry text, source_message_ids jsonb, times_seen int, occurred_at timestamptz,
               superseded_by text, explicit boolean, created_at timestamptz, updated_at timestamptz)),
    elsewhere AS (SELECT o.id FROM observations o JOIN r ON r.id = o.id WHERE o.workspace_id <> r.workspace_id LIMIT 1),
    written AS (
      INSERT INTO observations (id, workspace_id, observer_id, observed_id, session_id, content, fact_key, slot,
        card_entry, source_message_ids, times_seen, occurred_at, superseded_by, explicit, created_at, updated_at)
      SELECT id, workspace_id, observer_id, observed_id, session_id, content, fact_key, slot, card_entry,
        source_message_ids, times_seen, occurred_at, superseded_by, explicit, created_at, updated_at
      FROM r WHERE NOT EXISTS (SELECT 1 FROM elsewhere) ORDER BY ord
      ON CONFLICT (id) DO UPDATE SET observer_id = EXCLUDED.observer_id, observed_id = EXCLUDED.observed_id,
        session_id = EXCLUDED.session_id, content = EXCLUDED.content, fact_key = EXCLUDED.fact_key,
        slot = EXCLUDED.slot, card_entry = EXCLUDED.card_entry, source_message_ids = EXCLUDED.source_message_ids,
        times_seen = EXCLUDED.times_seen, occurred_at = EXCLUDED.occurred_at,
        superseded_by = EXCLUDED.superseded_by, explicit = EXCLUDED.explicit, created_at = EXCLUDED.created_at,
        updated_at = EXCLUDED.updated_at,
        -- A changed text is embedded again by the deriver.
        embedding = CASE WHEN observations.content = EXCLUDED.content THEN observations.embedding END,
        embedding_model = CASE WHEN observations.content = EXCLUDED.content THEN observations.embedding_model END
      WHERE observations.workspace_id = EXCLUDED.workspace_id
        AND (observations.observer_id, observations.observed_id, observations.session_id, observations.content,
             observations.fact_key, observations.slot, observations.card_entry, observations.source_message_ids,
             observations.times_seen, observations.occurred_at, observations.superseded_by, observations.explicit,
             observations.created_at, observations.updated_at)
        IS DISTINCT FROM (EXCLUDED.observer_id, EXCLUDED.observed_id, EXCLUDED.session_id, EXCLUDED.content,
             EXCLUDED.fact_key, EXCLUDED.slot, EXCLUDED.card_entry, EXCLUDED.source_message_ids,
             EXCLUDED.times_seen, EXCLUDED.occurred_at, EXCLUDED.superseded_by, EXCLUDED.explicit,
             EXCLUDED.created_at, EXCLUDED.updated_at)
      RETURNING 1)
    SELECT (SELECT count(*) FROM written)::int AS changed, (SELECT id FROM elsewhere) AS elsewhere`,

  card: `
    WITH r AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(ord int, workspace_id text, observer_id text,
               observed_id text, card jsonb, updated_at timestamptz)),
    written AS (
      INSERT INTO peer_cards (workspace_id, observer_id, observed_id, card, updated_at)
      SELECT workspace_id, observer_id, observed_id, card, updated_at FROM r ORDER BY ord
      ON CONFLICT (workspace_id, observer_id, observed_id) DO UPDATE SET card = EXCLUDED.card,
        updated_at = EXCLUDED.updated_at
      WHERE (peer_cards.card, peer_cards.updated_at) IS DISTINCT FROM (EXCLUDED.card, EXCLUDED.updated_at)
      RETURNING 1)
    SELECT (SELECT count(*) FROM written)::int AS changed, NULL AS elsewhere`,

  summary: `
    WITH r AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(ord int, workspace_id text, session_id text,
               summary_type text, content text, message_id text, token_count int, created_at timestamptz)),
    written AS (
      INSERT INTO session_summaries (workspace_id, session_id, summary_type, content, message_id, token_count, created_at)
      SELECT workspace_id, session_id, summary_type, content, message_id, token_count, created_at FROM r ORDER BY ord
      ON CONFLICT (workspace_id, session_id, summary_type) DO UPDATE SET content = EXCLUDED.content,
        message_id = EXCLUDED.message_id, token_count = EXCLUDED.token_count, created_at = EXCLUDED.created_at
      WHERE (session_summaries.content, session_summaries.message_id, session_summaries.token_count,
             session_summaries.created_at)
        IS DISTINCT FROM (EXCLUDED.content, EXCLUDED.message_id, EXCLUDED.token_count, EXCLUDED.created_at)
      RETURNING 1)
    SELECT (SELECT count(*) FROM written)::int AS changed, NULL AS elsewhere`,

  // Queued again by the message ids it spans; a task of the same span already queued (or learned) stays.
  learning_task: `
    WITH r AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(ord int, workspace_id text, session_id text,
               first_message_id text, last_message_id text, status text, attempts int, last_error text,
               created_at timestamptz)),
    spans AS (
      SELECT r.*, f.seq AS first_seq, l.seq AS last_seq FROM r
      JOIN messages f ON f.id = r.first_message_id AND f.workspace_id = r.workspace_id
      JOIN messages l ON l.id = r.last_message_id AND l.workspace_id = r.workspace_id),
    written AS (
      INSERT INTO derivation_tasks (workspace_id, session_id, kind, first_seq, last_seq, status, attempts,
        last_error, created_at)
      SELECT workspace_id, session_id, 'observe', first_seq, last_seq, status, attempts, last_error, created_at
      FROM spans x
      WHERE NOT EXISTS (SELECT 1 FROM derivation_tasks t WHERE t.workspace_id = x.workspace_id
        AND t.session_id = x.session_id AND t.first_seq = x.first_seq AND t.last_seq = x.last_seq)
      ORDER BY ord
      RETURNING 1)
    SELECT (SELECT count(*) FROM written)::int AS changed, NULL AS elsewhere`,
};

/** The deriver's note that it stored a message without learning from it, kept with the message. */
export const RESTORE_NOT_LEARNED = `
  INSERT INTO messages_not_learned (message_seq, workspace_id, session_id, reason, created_at)
  SELECT m.seq, m.workspace_id, m.session_id, r.reason, r.created_at
  FROM jsonb_to_recordset($1::jsonb) AS r(id text, workspace_id text, reason text, created_at timestamptz)
  JOIN messages m ON m.id = r.id AND m.workspace_id = r.workspace_id
  ON CONFLICT (message_seq) DO UPDATE SET reason = EXCLUDED.reason, created_at = EXCLUDED.created_at
  WHERE (messages_not_learned.reason, messages_not_learned.created_at)
    IS DISTINCT FROM (EXCLUDED.reason, EXCLUDED.created_at)
  RETURNING 1`;
