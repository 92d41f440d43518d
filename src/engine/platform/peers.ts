// The peer operations of the platform API, one SQL statement each (see workspaces.ts): a peer is a
// configurable row (configurable-rows.ts) and its lists are data for readPage.

import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';
import { workspaceRows } from './configurable-rows.js';
import { PEER_JSON, sessionJson } from './platform-columns.js';
import { rowFilters } from './platform-filter.js';
import type { FilteredList } from './platform-page.js';

export const PEER_TABLE = { table: 'peers', alias: 'p', json: PEER_JSON, idField: 'peer_id' } as const;

/** The peers of a workspace ($1). */
export const PEER_LIST = workspaceRows(PEER_TABLE, ['p.created_at', 'p.seq']);

/** The sessions a peer ($2 in workspace $1) is or was a member of; `is_active` says whether it still is. */
export const PEER_SESSION_LIST: FilteredList = {
  from: `(SELECT s.*, sp.left_at IS NULL AS member FROM sessions s JOIN session_peers sp
           ON sp.workspace_id = s.workspace_id AND sp.session_id = s.id
         WHERE s.workspace_id = $1 AND sp.peer_id = $2) s`,
  alias: 's',
  filters: rowFilters('s'),
  order: ['s.created_at', 's.id'],
  json: sessionJson('s.member'),
};

/** A not_found naming `field` unless the peer exists: for a key that may read about it but not create it. */
export async function assertPeerExists(db: Database, workspace: string, id: string, field: string) {
  const rows = await db.query('SELECT 1 FROM peers WHERE workspace_id = $1 AND id = $2', [workspace, id]);
  if (rows.length === 0) throw new NotFoundError('peer', id, field);
}
