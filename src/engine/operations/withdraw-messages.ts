import type { Database } from '../database/database.js';

/**
 * Removes held messages (see `addMessages`) whose payment did not settle, with everything their
 * write created: the queued task, and the session, authors, memberships and workspace if that
 * write made them. Rows made by one statement share its transaction time, so "created by that
 * write" is "created at the messages' time". What another request has used since stays: a
 * session that now holds other messages or members, an author who wrote elsewhere or has a card;
 * deleting those would cascade into that request's data. One statement: all of it goes, or none.
 */
export async function withdrawMessages(
  db: Database,
  workspace: string,
  session: string,
  messageIds: readonly string[],
): Promise<void> {
  await db.query(
    `WITH gone AS (
       DELETE FROM messages WHERE workspace_id = $1 AND session_id = $2 AND id = ANY($3::text[])
       RETURNING seq, peer_id, created_at
     ),
     written AS (SELECT min(created_at) AS at, count(*)::int AS n, min(seq) AS first_seq FROM gone),
     task AS (
       DELETE FROM derivation_tasks t USING written
        WHERE t.workspace_id = $1 AND t.session_id = $2 AND t.first_seq = written.first_seq
     ),
     members AS (
       DELETE FROM session_peers sp USING written
        WHERE sp.workspace_id = $1 AND sp.session_id = $2 AND sp.joined_at = written.at
          AND NOT EXISTS (
            SELECT 1 FROM messages m WHERE m.workspace_id = $1 AND m.session_id = $2
               AND m.peer_id = sp.peer_id AND m.id <> ALL($3::text[]))
       RETURNING sp.peer_id
     ),
     new_session AS (
       DELETE FROM sessions s USING written
        WHERE s.workspace_id = $1 AND s.id = $2 AND s.created_at = written.at
          -- A column of the row itself: a write that commits while this waits for the row is seen
          -- here, where the subqueries below still read the statement's starting snapshot.
          AND s.message_count = written.n
          AND NOT EXISTS (
            SELECT 1 FROM messages m WHERE m.workspace_id = $1 AND m.session_id = $2 AND m.id <> ALL($3::text[]))
          AND NOT EXISTS (
            SELECT 1 FROM session_peers sp WHERE sp.workspace_id = $1 AND sp.session_id = $2
               AND sp.peer_id NOT IN (SELECT peer_id FROM members))
       RETURNING s.id
     ),
     -- A row changed by two parts of one statement keeps only one change: the count of a session
     -- that is deleted is left alone.
     counted AS (
       UPDATE sessions s SET message_count = greatest(s.message_count - written.n, 0) FROM written
        WHERE s.workspace_id = $1 AND s.id = $2 AND s.id NOT IN (SELECT id FROM new_session)
     ),
     new_peers AS (
       DELETE FROM peers p USING written
        WHERE p.workspace_id = $1 AND p.created_at = written.at AND p.id IN (SELECT peer_id FROM gone)
          AND NOT EXISTS (
            SELECT 1 FROM messages m WHERE m.workspace_id = $1 AND m.peer_id = p.id AND m.id <> ALL($3::text[]))
          AND NOT EXISTS (
            SELECT 1 FROM session_peers sp WHERE sp.workspace_id = $1 AND sp.peer_id = p.id
               AND NOT (sp.session_id = $2 AND sp.peer_id IN (SELECT peer_id FROM members)))
          AND NOT EXISTS (
            SELECT 1 FROM peer_cards c WHERE c.workspace_id = $1 AND p.id IN (c.observer_id, c.observed_id))
          AND NOT EXISTS (
            SELECT 1 FROM observations o WHERE o.workspace_id = $1 AND p.id IN (o.observer_id, o.observed_id))
       RETURNING p.id
     ),
     new_workspace AS (
       DELETE FROM workspaces w USING written
        WHERE w.id = $1 AND w.created_at = written.at
          AND NOT EXISTS (
            SELECT 1 FROM sessions s WHERE s.workspace_id = $1 AND s.id NOT IN (SELECT id FROM new_session))
          AND NOT EXISTS (
            SELECT 1 FROM peers p WHERE p.workspace_id = $1 AND p.id NOT IN (SELECT id FROM new_peers))
     )
     SELECT n FROM written`,
    [workspace, session, messageIds],
  );
}
