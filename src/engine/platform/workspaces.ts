// The workspace operations of the platform API, one SQL statement each; kept in one file per
// entity, as the platform's routers are, because each is a few lines of SQL.

import type { ConfigurableChange, PageRequest, Workspace } from '../../schemas/platform.js';
import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';
import { WORKSPACE_JSON } from './platform-columns.js';
import { rowFilters } from './platform-filter.js';
import { type FilteredList, filteredQuery, readPage } from './platform-page.js';

const workspaceNotFound = (id: string) => new NotFoundError('workspace', id, 'workspace_id');

/** The workspace, created with the given metadata and configuration when it does not exist. */
export async function getOrCreateWorkspace(
  db: Database,
  id: string,
  initial: ConfigurableChange,
): Promise<Workspace> {
  const [row] = await db.query<{ workspace: Workspace }>(
    `WITH created AS (
       INSERT INTO workspaces (id, metadata, configuration) VALUES ($1, $2::jsonb, $3::jsonb)
       ON CONFLICT (id) DO NOTHING RETURNING *
     )
     SELECT ${WORKSPACE_JSON} AS workspace FROM created w
     UNION ALL
     SELECT ${WORKSPACE_JSON} FROM workspaces w WHERE w.id = $1 AND NOT EXISTS (SELECT 1 FROM created)`,
    [id, JSON.stringify(initial.metadata ?? {}), JSON.stringify(initial.configuration ?? {})],
  );
  // A workspace created by a concurrent request is not visible to this statement's snapshot.
  if (!row) return getOrCreateWorkspace(db, id, initial);
  return row.workspace;
}

/** Every workspace of the server. */
const WORKSPACE_LIST: FilteredList = {
  from: 'workspaces w',
  alias: 'w',
  filters: rowFilters('w'),
  order: ['w.created_at', 'w.id'],
  json: WORKSPACE_JSON,
};

/** A page of the server's workspaces, filtered. */
export const listWorkspaces = (
  db: Database,
  filters: Record<string, unknown> | undefined,
  page: PageRequest,
) => readPage<Workspace>(db, ...filteredQuery(WORKSPACE_LIST, [], filters), page);

/** Replaces the metadata and/or the configuration given; the others stay. */
export async function updateWorkspace(
  db: Database,
  id: string,
  change: ConfigurableChange,
): Promise<Workspace> {
  const [row] = await db.query<{ workspace: Workspace }>(
    `UPDATE workspaces w SET metadata = coalesce($2::jsonb, w.metadata),
       configuration = coalesce($3::jsonb, w.configuration)
     WHERE w.id = $1 RETURNING ${WORKSPACE_JSON} AS workspace`,
    [id, jsonOrNull(change.metadata), jsonOrNull(change.configuration)],
  );
  if (!row) throw workspaceNotFound(id);
  return row.workspace;
}

/**
 * Deletes a workspace with everything in it (its peers, sessions, messages and what was learned),
 * and the project folder recorded for it (`peermem workspaces`).
 */
export async function deleteWorkspace(db: Database, id: string): Promise<void> {
  const deleted = await db.query(
    `WITH folder AS (DELETE FROM workspace_folders WHERE workspace_id = $1)
     DELETE FROM workspaces WHERE id = $1 RETURNING id`,
    [id],
  );
  if (deleted.length === 0) throw workspaceNotFound(id);
}

/** A JSON parameter, or null for a value not given (SQL keeps the stored one). */
export const jsonOrNull = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
