import type { ListPeerSessionsInput, ListPeerSessionsOutput } from '../../schemas/peer.js';
import type { SessionListItem } from '../../schemas/session.js';
import { NotFoundError } from '../../service/errors.js';
import { isoTimestamp } from '../columns.js';
import type { Database } from '../database/database.js';

/**
 * The sessions a peer has taken part in, oldest first unless `reverse`; `is_active` tells
 * whether the peer is still a member.
 */
export async function listPeerSessions(
  db: Database,
  workspace: string,
  input: ListPeerSessionsInput,
): Promise<ListPeerSessionsOutput> {
  const order = input.reverse ? 's.created_at DESC, s.id DESC' : 's.created_at, s.id';
  const [row] = await db.query<{ total: number; items: SessionListItem[] }>(
    `SELECT
       (SELECT count(*)::int FROM session_peers sp WHERE sp.workspace_id = $1 AND sp.peer_id = $2) AS total,
       coalesce((
         SELECT json_agg(json_build_object('id', s.id, 'metadata', s.metadata,
                  'created_at', ${isoTimestamp('s.created_at')}, 'is_active', s.is_active) ORDER BY ${order})
         FROM (SELECT s.*, sp.left_at IS NULL AS is_active
               FROM session_peers sp JOIN sessions s ON s.workspace_id = sp.workspace_id AND s.id = sp.session_id
               WHERE sp.workspace_id = $1 AND sp.peer_id = $2
               ORDER BY ${order} LIMIT $3::int OFFSET ($4::bigint - 1) * $3::int) s
       ), '[]'::json) AS items
     FROM peers p WHERE p.workspace_id = $1 AND p.id = $2`,
    [workspace, input.peer, input.size, input.page],
  );
  if (!row) throw new NotFoundError('peer', input.peer, 'peer');
  return { items: row.items, page: input.page, size: input.size, total: row.total };
}
