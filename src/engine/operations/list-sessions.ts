import type { ListSessionsInput, ListSessionsOutput, SessionListItem } from '../../schemas/session.js';
import { SESSION_ITEM_JSON, sessionOrder } from '../columns.js';
import type { Database } from '../database/database.js';
import { readListPage } from '../reads/read-list-page.js';

/** The sessions of the workspace, oldest first unless `reverse`; active while they have members. */
export function listSessions(
  db: Database,
  workspace: string,
  input: ListSessionsInput,
): Promise<ListSessionsOutput> {
  return readListPage<SessionListItem>(
    db,
    {
      total: '(SELECT count(*)::int FROM sessions WHERE workspace_id = $1)',
      rows: `SELECT s.*, EXISTS (SELECT 1 FROM session_peers sp WHERE sp.workspace_id = s.workspace_id
                                 AND sp.session_id = s.id AND sp.left_at IS NULL) AS is_active
             FROM sessions s WHERE s.workspace_id = $1`,
      alias: 's',
      json: SESSION_ITEM_JSON,
      order: sessionOrder(input.reverse),
    },
    [workspace],
    input,
  );
}
