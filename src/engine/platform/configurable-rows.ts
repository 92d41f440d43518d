// Peers and sessions alike carry metadata and a configuration: one get-or-create, one update and
// one list for both.
import type { ConfigurableChange } from '../../schemas/platform.js';
import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';
import { rowFilters } from './platform-filter.js';
import type { FilteredList } from './platform-page.js';
import { jsonOrNull } from './workspaces.js';

/** A table of rows with metadata and a configuration, and how a row is returned as JSON. */
export type ConfigurableTable = {
  table: 'peers' | 'sessions';
  /** The alias `json` reads from. */
  alias: 'p' | 's';
  /** A SQL expression building the API object from the row. */
  json: string;
  /** What the API calls the row's id, for a not-found error. */
  idField: 'peer_id' | 'session_id';
};

/** The rows of a workspace ($1), filtered on what every configurable row has, in `order`. */
export const workspaceRows = (of: ConfigurableTable, order: readonly string[]): FilteredList => ({
  from: `${of.table} ${of.alias}`,
  alias: of.alias,
  scope: `${of.alias}.workspace_id = $1`,
  filters: rowFilters(of.alias),
  order,
  json: of.json,
});

/** The row, created (with its workspace) with the given metadata and configuration when new. */
export async function getOrCreateRow<Row>(
  db: Database,
  of: ConfigurableTable,
  workspace: string,
  id: string,
  initial: ConfigurableChange,
): Promise<Row> {
  const [row] = await db.query<{ row: Row }>(
    `WITH new_workspace AS (INSERT INTO workspaces (id) VALUES ($1) ON CONFLICT DO NOTHING),
     created AS (
       INSERT INTO ${of.table} (workspace_id, id, metadata, configuration) VALUES ($1, $2, $3::jsonb, $4::jsonb)
       ON CONFLICT (workspace_id, id) DO NOTHING RETURNING *
     )
     SELECT ${of.json} AS row FROM created ${of.alias}
     UNION ALL
     SELECT ${of.json} FROM ${of.table} ${of.alias}
     WHERE ${of.alias}.workspace_id = $1 AND ${of.alias}.id = $2 AND NOT EXISTS (SELECT 1 FROM created)`,
    [workspace, id, JSON.stringify(initial.metadata ?? {}), JSON.stringify(initial.configuration ?? {})],
  );
  // A row created by a concurrent request is not visible to this statement's snapshot.
  if (!row) return getOrCreateRow(db, of, workspace, id, initial);
  return row.row;
}

/** Replaces the metadata and/or the configuration given; the others stay. */
export async function updateRow<Row>(
  db: Database,
  of: ConfigurableTable,
  workspace: string,
  id: string,
  change: ConfigurableChange,
): Promise<Row> {
  const [row] = await db.query<{ row: Row }>(
    `UPDATE ${of.table} ${of.alias} SET metadata = coalesce($3::jsonb, ${of.alias}.metadata),
       configuration = coalesce($4::jsonb, ${of.alias}.configuration)
     WHERE ${of.alias}.workspace_id = $1 AND ${of.alias}.id = $2 RETURNING ${of.json} AS row`,
    [workspace, id, jsonOrNull(change.metadata), jsonOrNull(change.configuration)],
  );
  if (!row) throw new NotFoundError(of.table === 'peers' ? 'peer' : 'session', id, of.idField);
  return row.row;
}
