import type { Peer, PeerList } from '../../schemas/peer.js';
import type { SessionInput } from '../../schemas/session.js';
import { NotFoundError } from '../../service/errors.js';
import { PEER_ITEM_JSON } from '../columns.js';
import type { Database } from '../database/database.js';

/** The current members of a session, in the order they joined. */
export async function listSessionPeers(
  db: Database,
  workspace: string,
  input: SessionInput,
): Promise<PeerList> {
  const [row] = await db.query<{ peers: Peer[] }>(
    `SELECT coalesce((
       SELECT json_agg(${PEER_ITEM_JSON} ORDER BY sp.joined_at, sp.seq)
       FROM session_peers sp JOIN peers p ON p.workspace_id = sp.workspace_id AND p.id = sp.peer_id
       WHERE sp.workspace_id = $1 AND sp.session_id = $2 AND sp.left_at IS NULL
     ), '[]'::json) AS peers
     FROM sessions s WHERE s.workspace_id = $1 AND s.id = $2`,
    [workspace, input.session],
  );
  if (!row) throw new NotFoundError('session', input.session, 'session');
  return { peers: row.peers };
}
