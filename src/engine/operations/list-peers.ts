import type { ListPeersInput, ListPeersOutput, Peer } from '../../schemas/peer.js';
import { isoTimestamp } from '../columns.js';
import type { Database } from '../database/database.js';

/** The peers of the workspace, a page of them, oldest first unless `reverse`. */
export async function listPeers(
  db: Database,
  workspace: string,
  input: ListPeersInput,
): Promise<ListPeersOutput> {
  const order = input.reverse ? 'p.created_at DESC, p.seq DESC' : 'p.created_at, p.seq';
  const [row] = await db.query<{ total: number; items: Peer[] }>(
    `SELECT
       (SELECT count(*)::int FROM peers WHERE workspace_id = $1) AS total,
       coalesce((
         SELECT json_agg(json_build_object('id', p.id, 'metadata', p.metadata,
                  'created_at', ${isoTimestamp('p.created_at')}) ORDER BY ${order})
         FROM (SELECT p.* FROM peers p WHERE p.workspace_id = $1
               ORDER BY ${order} LIMIT $2::int OFFSET ($3::bigint - 1) * $2::int) p
       ), '[]'::json) AS items`,
    [workspace, input.size, input.page],
  );
  return { items: row?.items ?? [], page: input.page, size: input.size, total: row?.total ?? 0 };
}
