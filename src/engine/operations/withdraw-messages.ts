import type { Database } from '../database/database.js';

/**
 * Removes held messages (see `addMessages`) whose payment did not settle, with everything their
 * write created: the queued task, and the session, authors, memberships and workspace if that
 * write made them. Rows made by one statement share its transaction time, so "created by that
 * write" is "created at the messages' time". One statement: all of it goes, or none.
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
     counted AS (
       UPDATE sessions s SET message_count = greatest(s.message_count - written.n, 0) FROM written
        WHERE s.workspace_id = $1 AND s.id = $2
     ),
     members AS (
       DELETE FROM session_peers sp USING written
        WHERE sp.workspace_id = $1 AND sp.session_id = $2 AND sp.joined_at = written.at
     ),
     new_session AS (
       DELETE FROM sessions s USING written WHERE s.workspace_id = $1 AND s.id = $2 AND s.created_at = written.at
     ),
     new_peers AS (
       DELETE FROM peers p USING written
        WHERE p.workspace_id = $1 AND p.created_at = written.at AND p.id IN (SELECT peer_id FROM gone)
     ),
     new_workspace AS (DELETE FROM workspaces w USING written WHERE w.id = $1 AND w.created_at = written.at)
     SELECT n FROM written`,
    [workspace, session, messageIds],
  );
}
