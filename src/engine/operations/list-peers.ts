import type { Peer, PeerList } from '../../schemas/peer.js';
import { isoTimestamp } from '../columns.js';
import type { Database } from '../database/database.js';

/** Every peer of the workspace, oldest first. */
export async function listPeers(db: Database, workspace: string): Promise<PeerList> {
  const peers = await db.query<Peer>(
    `SELECT p.id, p.metadata, ${isoTimestamp('p.created_at')} AS created_at
     FROM peers p WHERE p.workspace_id = $1 ORDER BY p.created_at, p.seq`,
    [workspace],
  );
  return { peers };
}
