import type { Database } from '../database/database.js';
import type { ChatSubjectsCreated } from './ensure-chat-subjects.js';

/**
 * Takes back what `ensureChatSubjects` created for a chat whose payment did not settle, except
 * what another request has used since: a session that now holds messages or other members, a
 * peer that now wrote, joined another session or has a card or observations. Deleting those would
 * cascade into someone else's data. One statement: all of it goes, or none.
 */
export async function withdrawChatSubjects(
  db: Database,
  workspace: string,
  chat: { peer: string; session: string | null },
  created: ChatSubjectsCreated,
): Promise<void> {
  await db.query(
    `WITH membership AS (
       DELETE FROM session_peers sp
        WHERE $5::boolean AND sp.workspace_id = $1 AND sp.session_id = $2 AND sp.peer_id = $3
          AND NOT EXISTS (
            SELECT 1 FROM messages m WHERE m.workspace_id = $1 AND m.session_id = $2 AND m.peer_id = $3)
       RETURNING sp.session_id, sp.peer_id
     ),
     new_session AS (
       DELETE FROM sessions s
        WHERE s.workspace_id = $1 AND s.id = $4::text
          -- Read off the row itself, so a write committing while this waits for the row counts.
          AND s.message_count = 0
          AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.workspace_id = $1 AND m.session_id = s.id)
          AND NOT EXISTS (
            SELECT 1 FROM session_peers sp WHERE sp.workspace_id = $1 AND sp.session_id = s.id
               AND (sp.session_id, sp.peer_id) NOT IN (SELECT session_id, peer_id FROM membership))
       RETURNING s.id
     ),
     new_peers AS (
       DELETE FROM peers p
        WHERE p.workspace_id = $1 AND p.id = ANY($6::text[])
          AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.workspace_id = $1 AND m.peer_id = p.id)
          AND NOT EXISTS (
            SELECT 1 FROM session_peers sp WHERE sp.workspace_id = $1 AND sp.peer_id = p.id
               AND (sp.session_id, sp.peer_id) NOT IN (SELECT session_id, peer_id FROM membership))
          AND NOT EXISTS (
            SELECT 1 FROM peer_cards c WHERE c.workspace_id = $1 AND p.id IN (c.observer_id, c.observed_id))
          AND NOT EXISTS (
            SELECT 1 FROM observations o WHERE o.workspace_id = $1 AND p.id IN (o.observer_id, o.observed_id))
       RETURNING p.id
     )
     DELETE FROM workspaces w
      WHERE $7::boolean AND w.id = $1
        AND NOT EXISTS (
          SELECT 1 FROM sessions s WHERE s.workspace_id = $1 AND s.id NOT IN (SELECT id FROM new_session))
        AND NOT EXISTS (SELECT 1 FROM peers p WHERE p.workspace_id = $1 AND p.id NOT IN (SELECT id FROM new_peers))`,
    [
      workspace,
      chat.session,
      chat.peer,
      created.session,
      created.membership,
      created.peers,
      created.workspace,
    ],
  );
}
