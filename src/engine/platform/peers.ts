// The peer operations of the platform API, one SQL statement each (see workspaces.ts).

import type { ConfigurableChange, Page, PageRequest, Peer, Session } from '../../schemas/platform.js';
import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';
import { getOrCreateRow, updateRow } from './configurable-rows.js';
import { PEER_JSON, sessionJson } from './platform-columns.js';
import { type FilterColumns, filterCondition } from './platform-filter.js';
import { readPage } from './platform-page.js';

const PEER_TABLE = { table: 'peers', alias: 'p', json: PEER_JSON, idField: 'peer_id' } as const;

const PEER_FILTERS: FilterColumns = {
  id: { column: 'p.id', kind: 'text' },
  metadata: { column: 'p.metadata', kind: 'json' },
  created_at: { column: 'p.created_at', kind: 'time' },
};

const SESSION_FILTERS: FilterColumns = {
  id: { column: 's.id', kind: 'text' },
  metadata: { column: 's.metadata', kind: 'json' },
  created_at: { column: 's.created_at', kind: 'time' },
};

/** A not_found naming `field` unless the peer exists: for a key that may read about it but not create it. */
export async function assertPeerExists(db: Database, workspace: string, id: string, field: string) {
  const rows = await db.query('SELECT 1 FROM peers WHERE workspace_id = $1 AND id = $2', [workspace, id]);
  if (rows.length === 0) throw new NotFoundError('peer', id, field);
}

/** The peer, created (with its workspace) with the given metadata and configuration when new. */
export function getOrCreatePeer(
  db: Database,
  workspace: string,
  id: string,
  initial: ConfigurableChange,
): Promise<Peer> {
  return getOrCreateRow<Peer>(db, PEER_TABLE, workspace, id, initial);
}

export function listPeers(
  db: Database,
  workspace: string,
  filters: Record<string, unknown> | undefined,
  page: PageRequest,
): Promise<Page<Peer>> {
  const params: unknown[] = [workspace];
  const where = `p.workspace_id = $1 AND ${filterCondition(filters, PEER_FILTERS, params)}`;
  return readPage(
    db,
    { from: 'peers p', alias: 'p', where, order: ['p.created_at', 'p.seq'], json: PEER_JSON },
    params,
    page,
  );
}

/** Replaces the metadata and/or the configuration given; the others stay. */
export function updatePeer(
  db: Database,
  workspace: string,
  id: string,
  change: ConfigurableChange,
): Promise<Peer> {
  return updateRow<Peer>(db, PEER_TABLE, workspace, id, change);
}

/** The sessions a peer is or was a member of; `is_active` says whether it still is. */
export function listPeerSessions(
  db: Database,
  workspace: string,
  peer: string,
  filters: Record<string, unknown> | undefined,
  page: PageRequest,
): Promise<Page<Session>> {
  const params: unknown[] = [workspace, peer];
  const where = filterCondition(filters, SESSION_FILTERS, params);
  return readPage(
    db,
    {
      from: `(SELECT s.*, sp.left_at IS NULL AS member FROM sessions s JOIN session_peers sp
               ON sp.workspace_id = s.workspace_id AND sp.session_id = s.id
             WHERE s.workspace_id = $1 AND sp.peer_id = $2) s`,
      alias: 's',
      where,
      order: ['s.created_at', 's.id'],
      json: sessionJson('s.member'),
    },
    params,
    page,
  );
}
