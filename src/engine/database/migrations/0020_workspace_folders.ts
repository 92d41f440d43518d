/**
 * The project folder each `--workspace-from-dir` workspace was named after, so that
 * `peermem workspaces` can show it beside the hash that names the workspace. No foreign key:
 * the folder is recorded when a server starts for it, before the workspace's first write makes
 * its row, and `peermem workspaces delete` removes both.
 */
export const workspaceFolders = `
CREATE TABLE workspace_folders (
  workspace_id text PRIMARY KEY,
  folder text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
`;
