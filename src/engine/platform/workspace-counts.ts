import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';

/** How much a workspace holds, for an overview without listing it. */
export type WorkspaceCounts = {
  peers: number;
  sessions: number;
  messages: number;
  /** Current observations; those a newer one replaced are `superseded_observations`. */
  observations: number;
  superseded_observations: number;
};

/**
 * The counts of a workspace, in one statement: each counts the workspace's rows through an index
 * that starts with the workspace, never reading their contents.
 */
export async function countWorkspace(db: Database, workspace: string): Promise<WorkspaceCounts> {
  const [row] = await db.query<WorkspaceCounts>(
    `SELECT
       (SELECT count(*)::int FROM peers WHERE workspace_id = w.id) AS peers,
       (SELECT count(*)::int FROM sessions WHERE workspace_id = w.id) AS sessions,
       (SELECT count(*)::int FROM messages WHERE workspace_id = w.id) AS messages,
       (SELECT count(*)::int FROM observations WHERE workspace_id = w.id AND superseded_by IS NULL) AS observations,
       (SELECT count(*)::int FROM observations WHERE workspace_id = w.id AND superseded_by IS NOT NULL)
         AS superseded_observations
     FROM workspaces w WHERE w.id = $1`,
    [workspace],
  );
  if (!row) throw new NotFoundError('workspace', workspace, 'workspace_id');
  return row;
}
