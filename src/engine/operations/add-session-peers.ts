import type { Ok } from '../../schemas/common.js';
import type { SessionPeersChangeInput } from '../../schemas/session.js';
import type { Database } from '../database/database.js';

/** Makes peers members of a session, creating the session and the peers on first reference. */
export async function addSessionPeers(
  db: Database,
  workspace: string,
  input: SessionPeersChangeInput,
): Promise<Ok> {
  await db.query(
    `WITH input AS (
       SELECT peer, min(ord) AS ord FROM jsonb_array_elements_text($3::jsonb) WITH ORDINALITY AS given (peer, ord)
       GROUP BY peer
     ),
     new_workspace AS (INSERT INTO workspaces (id) VALUES ($1) ON CONFLICT DO NOTHING),
     new_session AS (INSERT INTO sessions (workspace_id, id) VALUES ($1, $2) ON CONFLICT DO NOTHING),
     new_peers AS (INSERT INTO peers (workspace_id, id) SELECT $1, peer FROM input ORDER BY ord ON CONFLICT DO NOTHING)
     INSERT INTO session_peers (workspace_id, session_id, peer_id) SELECT $1, $2, peer FROM input ORDER BY ord
     ON CONFLICT (workspace_id, session_id, peer_id) DO UPDATE SET left_at = NULL, joined_at = now()
     WHERE session_peers.left_at IS NOT NULL`,
    [workspace, input.session, JSON.stringify(input.peers)],
  );
  return { ok: true };
}
