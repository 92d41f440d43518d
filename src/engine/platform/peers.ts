// The peer operations of the platform API, one SQL statement each (see workspaces.ts).
import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';
import { PEER_JSON, sessionJson } from './platform-columns.js';
import { type FilterColumns, filterCondition } from './platform-filter.js';
import { type Page, type PageRequest, readPage } from './platform-page.js';
import type { Session } from './sessions.js';
import { jsonOrNull } from './workspaces.js';

export type Peer = {
  id: string;
  workspace_id: string;
  metadata: Record<string, unknown>;
  configuration: Record<string, unknown>;
  created_at: string;
};

export type PeerChange = {
  metadata?: Record<string, unknown> | undefined;
  configuration?: Record<string, unknown> | undefined;
};

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

/** The peer, created (with its workspace) with the given metadata and configuration when new. */
export async function getOrCreatePeer(
  db: Database,
  workspace: string,
  id: string,
  initial: PeerChange,
): Promise<Peer> {
  const [row] = await db.query<{ peer: Peer }>(
    `WITH new_workspace AS (INSERT INTO workspaces (id) VALUES ($1) ON CONFLICT DO NOTHING),
     created AS (
       INSERT INTO peers (workspace_id, id, metadata, configuration) VALUES ($1, $2, $3::jsonb, $4::jsonb)
       ON CONFLICT (workspace_id, id) DO NOTHING RETURNING *
     )
     SELECT ${PEER_JSON} AS peer FROM created p
     UNION ALL
     SELECT ${PEER_JSON} FROM peers p WHERE p.workspace_id = $1 AND p.id = $2 AND NOT EXISTS (SELECT 1 FROM created)`,
    [workspace, id, JSON.stringify(initial.metadata ?? {}), JSON.stringify(initial.configuration ?? {})],
  );
  // A peer created by a concurrent request is not visible to this statement's snapshot.
  if (!row) return getOrCreatePeer(db, workspace, id, initial);
  return row.peer;
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
export async function updatePeer(
  db: Database,
  workspace: string,
  id: string,
  change: PeerChange,
): Promise<Peer> {
  const [row] = await db.query<{ peer: Peer }>(
    `UPDATE peers p SET metadata = coalesce($3::jsonb, p.metadata),
       configuration = coalesce($4::jsonb, p.configuration)
     WHERE p.workspace_id = $1 AND p.id = $2 RETURNING ${PEER_JSON} AS peer`,
    [workspace, id, jsonOrNull(change.metadata), jsonOrNull(change.configuration)],
  );
  if (!row) throw new NotFoundError('peer', id, 'peer_id');
  return row.peer;
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
