// The workspaces of a database as `peermem workspaces` shows and deletes them, with the folder a
// `--workspace-from-dir` workspace was named after; one SQL statement each, kept together as the
// platform's per-entity files are, because each is a few lines of SQL.
import type { Database } from '../database/database.js';

export type WorkspaceListing = {
  id: string;
  messages: number;
  /** The folder a `--workspace-from-dir` workspace was named after; null where none was recorded. */
  folder: string | null;
  /** Null for a folder recorded before the workspace's first write made it. */
  created_at: string | null;
};

/** Notes the folder a `--workspace-from-dir` workspace is named after (the latest wins). */
export async function recordWorkspaceFolder(db: Database, workspace: string, folder: string): Promise<void> {
  await db.query(
    `INSERT INTO workspace_folders (workspace_id, folder) VALUES ($1, $2)
     ON CONFLICT (workspace_id) DO UPDATE SET folder = EXCLUDED.folder, recorded_at = now()
     WHERE workspace_folders.folder <> EXCLUDED.folder`,
    [workspace, folder],
  );
}

/**
 * Every workspace of the database with its message count (kept per session, so no message is
 * read) and its folder, oldest first; then the folders recorded for workspaces not written yet.
 */
export function listWorkspaceFolders(db: Database): Promise<WorkspaceListing[]> {
  return db.query<WorkspaceListing>(
    `SELECT w.id, coalesce((SELECT sum(s.message_count) FROM sessions s WHERE s.workspace_id = w.id), 0)::int AS messages,
            f.folder, to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
     FROM workspaces w LEFT JOIN workspace_folders f ON f.workspace_id = w.id
     UNION ALL
     SELECT f.workspace_id, 0, f.folder, NULL FROM workspace_folders f
     WHERE NOT EXISTS (SELECT 1 FROM workspaces w WHERE w.id = f.workspace_id)
     ORDER BY created_at NULLS LAST, id`,
  );
}

/**
 * Deletes a workspace with everything in it (peers, sessions, messages, what was learned, its
 * webhooks) and its recorded folder, in one statement. Returns the messages it held, or
 * undefined when there was no such workspace.
 */
export async function deleteWorkspaceAndFolder(db: Database, workspace: string): Promise<number | undefined> {
  const [row] = await db.query<{ found: boolean; messages: number }>(
    `WITH counted AS (
       SELECT coalesce(sum(message_count), 0)::int AS messages FROM sessions WHERE workspace_id = $1
     ),
     folder AS (DELETE FROM workspace_folders WHERE workspace_id = $1 RETURNING 1),
     workspace AS (DELETE FROM workspaces WHERE id = $1 RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM workspace) OR EXISTS (SELECT 1 FROM folder) AS found, messages FROM counted`,
    [workspace],
  );
  return row?.found ? row.messages : undefined;
}
