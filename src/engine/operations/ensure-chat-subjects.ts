import type { ChatInput } from '../../schemas/chat.js';
import type { Database } from '../database/database.js';

/** What `ensureChatSubjects` created, so that an unpaid chat can take exactly that back. */
export type ChatSubjectsCreated = {
  workspace: boolean;
  peers: string[];
  session: string | null;
  membership: boolean;
};

/**
 * Creates the peer, the target and the session a chat names, and the peer's membership of that
 * session, where they do not exist yet (the spec creates them on first reference). One statement.
 */
export async function ensureChatSubjects(
  db: Database,
  workspace: string,
  input: Pick<ChatInput, 'peer' | 'target' | 'session'>,
): Promise<ChatSubjectsCreated> {
  const rows = await db.query<{
    workspace: boolean;
    peers: string[];
    session: string | null;
    membership: boolean;
  }>(
    `WITH new_workspace AS (INSERT INTO workspaces (id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id),
     new_peers AS (
       INSERT INTO peers (workspace_id, id) SELECT DISTINCT $1, unnest(ARRAY[$2, coalesce($3::text, $2)])
       ON CONFLICT DO NOTHING RETURNING id
     ),
     new_session AS (
       INSERT INTO sessions (workspace_id, id) SELECT $1, $4::text WHERE $4::text IS NOT NULL
       ON CONFLICT DO NOTHING RETURNING id
     ),
     new_membership AS (
       INSERT INTO session_peers (workspace_id, session_id, peer_id) SELECT $1, $4::text, $2 WHERE $4::text IS NOT NULL
       ON CONFLICT DO NOTHING RETURNING peer_id
     )
     SELECT EXISTS (SELECT 1 FROM new_workspace) AS workspace,
            coalesce((SELECT array_agg(id) FROM new_peers), '{}') AS peers,
            (SELECT id FROM new_session) AS session,
            EXISTS (SELECT 1 FROM new_membership) AS membership`,
    [workspace, input.peer, input.target || null, input.session ?? null],
  );
  const created = rows[0];
  if (created === undefined) throw new Error('ensureChatSubjects: the statement returned no row');
  return created;
}
