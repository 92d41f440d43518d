import type { ListSessionsInput, ListSessionsOutput, SessionListItem } from '../../schemas/session.js';
import { isoTimestamp } from '../columns.js';
import type { Database } from '../database/database.js';

/** The sessions of the workspace, oldest first unless `reverse`; active while they have members. */
export async function listSessions(
  db: Database,
  workspace: string,
  input: ListSessionsInput,
): Promise<ListSessionsOutput> {
  const order = input.reverse ? 's.created_at DESC, s.id DESC' : 's.created_at, s.id';
  const [row] = await db.query<{ total: number; items: SessionListItem[] }>(
    `SELECT
       (SELECT count(*)::int FROM sessions WHERE workspace_id = $1) AS total,
       coalesce((
         SELECT json_agg(json_build_object('id', s.id, 'metadata', s.metadata,
                  'created_at', ${isoTimestamp('s.created_at')}, 'is_active', s.is_active) ORDER BY ${order})
         FROM (SELECT s.*, EXISTS (SELECT 1 FROM session_peers sp WHERE sp.workspace_id = s.workspace_id
                                   AND sp.session_id = s.id AND sp.left_at IS NULL) AS is_active
               FROM sessions s WHERE s.workspace_id = $1
               ORDER BY ${order} LIMIT $2::int OFFSET ($3::bigint - 1) * $2::int) s
       ), '[]'::json) AS items`,
    [workspace, input.size, input.page],
  );
  return { items: row?.items ?? [], page: input.page, size: input.size, total: row?.total ?? 0 };
}
