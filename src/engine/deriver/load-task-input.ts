import { isoTimestamp } from '../columns.js';
import type { Database } from '../database/database.js';
import type { SpokenMessage } from '../learning/reasoner.js';
import type { DerivationTask } from './derivation-task.js';

export type TaskMessage = SpokenMessage & { seq: string };
export type Member = { peer_id: string; observe_me: boolean; observe_others: boolean };
export type TaskInput = { messages: TaskMessage[]; members: Member[]; unsummarized: number };

/** The task's messages, the session's members with their settings, and how much is unsummarised. */
export async function loadTaskInput(db: Database, task: DerivationTask): Promise<TaskInput> {
  const [row] = await db.query<TaskInput>(
    `SELECT
       coalesce((SELECT json_agg(json_build_object('id', m.id, 'seq', m.seq::text, 'peer_id', m.peer_id,
                   'content', m.content, 'created_at', ${isoTimestamp('m.created_at')}) ORDER BY m.seq)
                 FROM messages m WHERE m.workspace_id = $1 AND m.session_id = $2
                   AND m.seq BETWEEN $3::bigint AND $4::bigint), '[]'::json) AS messages,
       coalesce((SELECT json_agg(json_build_object('peer_id', sp.peer_id, 'observe_me', sp.observe_me,
                   'observe_others', sp.observe_others))
                 FROM session_peers sp WHERE sp.workspace_id = $1 AND sp.session_id = $2), '[]'::json) AS members,
       (SELECT count(*)::int FROM messages m WHERE m.workspace_id = $1 AND m.session_id = $2 AND m.seq <= $4::bigint
          AND m.seq > coalesce((SELECT s.seq FROM session_summaries ss JOIN messages s ON s.id = ss.message_id
                                WHERE ss.workspace_id = $1 AND ss.session_id = $2 AND ss.summary_type = 'short'), 0))
         AS unsummarized`,
    [task.workspace_id, task.session_id, task.first_seq, task.last_seq],
  );
  return row ?? { messages: [], members: [], unsummarized: 0 };
}

/**
 * The newest messages of the session up to the task's last one, oldest first, for summaries: at
 * most `limit`, and no more than reach `maxChars` characters together (the last one may cross it).
 */
export async function loadRecentMessages(
  db: Database,
  task: DerivationTask,
  limit: number,
  maxChars: number,
): Promise<TaskMessage[]> {
  const rows = await db.query<TaskMessage>(
    `WITH recent AS (
       SELECT m.id, m.seq, m.peer_id, m.content, m.created_at FROM messages m
       WHERE m.workspace_id = $1 AND m.session_id = $2 AND m.seq <= $3::bigint
       ORDER BY m.seq DESC LIMIT $4::int
     ),
     counted AS (
       SELECT r.*, sum(length(r.content)) OVER (ORDER BY r.seq DESC) - length(r.content) AS newer_chars FROM recent r
     )
     SELECT c.id, c.seq::text AS seq, c.peer_id, c.content, ${isoTimestamp('c.created_at')} AS created_at
     FROM counted c WHERE c.newer_chars < $5::int ORDER BY c.seq DESC`,
    [task.workspace_id, task.session_id, task.last_seq, limit, maxChars],
  );
  return rows.reverse();
}

export type KnownObservation = {
  id: string;
  fact_key: string;
  slot: string | null;
  embedding: string | null;
};

/**
 * What the observer already believes about the observed peer (newest first), to merge and
 * supersede; vectors of another embedding model are left out, as they cannot be compared.
 */
export async function loadKnownObservations(
  db: Database,
  workspace: string,
  pair: { observer: string; observed: string },
  model: string,
): Promise<KnownObservation[]> {
  return db.query<KnownObservation>(
    `SELECT id, fact_key, slot, CASE WHEN embedding_model = $4 THEN encode(embedding, 'base64') END AS embedding
     FROM observations
     WHERE workspace_id = $1 AND observer_id = $2 AND observed_id = $3 AND superseded_by IS NULL
     ORDER BY seq DESC LIMIT 500`,
    [workspace, pair.observer, pair.observed, model],
  );
}
