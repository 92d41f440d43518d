import type { ListPeersInput, ListPeersOutput, Peer } from '../../schemas/peer.js';
import { PEER_ITEM_JSON } from '../columns.js';
import type { Database } from '../database/database.js';
import { readListPage } from '../reads/read-list-page.js';

/** The peers of the workspace, a page of them, oldest first unless `reverse`. */
export function listPeers(db: Database, workspace: string, input: ListPeersInput): Promise<ListPeersOutput> {
  return readListPage<Peer>(
    db,
    {
      total: '(SELECT count(*)::int FROM peers WHERE workspace_id = $1)',
      rows: 'SELECT p.* FROM peers p WHERE p.workspace_id = $1',
      alias: 'p',
      json: PEER_ITEM_JSON,
      order: input.reverse ? 'p.created_at DESC, p.seq DESC' : 'p.created_at, p.seq',
    },
    [workspace],
    input,
  );
}
