import type { ListPeerSessionsInput, ListPeerSessionsOutput } from '../../schemas/peer.js';
import type { SessionListItem } from '../../schemas/session.js';
import { SESSION_ITEM_JSON, sessionOrder } from '../columns.js';
import type { Database } from '../database/database.js';
import { ownerRow, readListPage } from '../reads/read-list-page.js';

/**
 * The sessions a peer has taken part in, oldest first unless `reverse`; `is_active` tells
 * whether the peer is still a member.
 */
export function listPeerSessions(
  db: Database,
  workspace: string,
  input: ListPeerSessionsInput,
): Promise<ListPeerSessionsOutput> {
  return readListPage<SessionListItem>(
    db,
    {
      total: '(SELECT count(*)::int FROM session_peers sp WHERE sp.workspace_id = $1 AND sp.peer_id = $2)',
      rows: `SELECT s.*, sp.left_at IS NULL AS is_active
             FROM session_peers sp JOIN sessions s ON s.workspace_id = sp.workspace_id AND s.id = sp.session_id
             WHERE sp.workspace_id = $1 AND sp.peer_id = $2`,
      alias: 's',
      json: SESSION_ITEM_JSON,
      order: sessionOrder(input.reverse),
      owner: ownerRow('peer', input.peer),
    },
    [workspace, input.peer],
    input,
  );
}
