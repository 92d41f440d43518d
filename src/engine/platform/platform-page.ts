import type { Page, PageRequest } from '../../schemas/platform.js';
import type { Database } from '../database/database.js';
import { type FilterColumns, filterCondition } from './platform-filter.js';

export type ListQuery = {
  /** The table and its alias, e.g. `sessions s`. */
  from: string;
  alias: string;
  /** A condition on the alias's columns, with its parameters already in `params`. */
  where: string;
  /** The ordering columns, oldest first; reversed for `reverse`. */
  order: readonly string[];
  /** The JSON object of one row. */
  json: string;
};

/** One page of a list, with the total over all pages, in one statement. */
export async function readPage<Item>(
  db: Database,
  query: ListQuery,
  params: readonly unknown[],
  request: PageRequest,
): Promise<Page<Item>> {
  const order = query.order.map((column) => `${column}${request.reverse ? ' DESC' : ''}`).join(', ');
  const limit = `$${params.length + 1}::int`;
  const offset = `($${params.length + 2}::bigint - 1) * ${limit}`;
  const [row] = await db.query<{ total: number; items: Item[] }>(
    `SELECT (SELECT count(*)::int FROM ${query.from} WHERE ${query.where}) AS total,
       coalesce((SELECT json_agg(${query.json} ORDER BY ${order})
         FROM (SELECT * FROM ${query.from} WHERE ${query.where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) ${query.alias}
       ), '[]'::json) AS items`,
    [...params, request.size, request.page],
  );
  const total = row?.total ?? 0;
  return {
    items: row?.items ?? [],
    total,
    page: request.page,
    size: request.size,
    pages: Math.ceil(total / request.size),
  };
}

/** A list the platform API filters: its rows within a scope, and the fields a `filters` object may name. */
export type FilteredList = Omit<ListQuery, 'where'> & {
  /** The condition that scopes the list, its parameters numbered from $1; none: every row of `from`. */
  scope?: string;
  filters: FilterColumns;
};

/**
 * The query of a filtered list and its parameters, the scope's first, then the filter's. A filter
 * the list does not take is refused here, before anything is read.
 */
export function filteredQuery(
  list: FilteredList,
  scopeParams: readonly unknown[],
  filters: Record<string, unknown> | undefined,
): [ListQuery, unknown[]] {
  const params = [...scopeParams];
  const condition = filterCondition(filters, list.filters, params);
  const where = list.scope === undefined ? condition : `${list.scope} AND ${condition}`;
  return [{ from: list.from, alias: list.alias, where, order: list.order, json: list.json }, params];
}

/** The rows of `table` with these ids, in the order given, as JSON; ids of other workspaces are left out. */
export async function readInOrder<Item>(
  db: Database,
  table: { from: string; alias: string; json: string; where?: string },
  workspace: string,
  ids: readonly string[],
): Promise<Item[]> {
  if (ids.length === 0) return [];
  const { alias } = table;
  const [row] = await db.query<{ items: Item[] }>(
    `SELECT coalesce(json_agg(${table.json} ORDER BY given.ord), '[]'::json) AS items
     FROM jsonb_array_elements_text($2::jsonb) WITH ORDINALITY AS given (id, ord)
     JOIN ${table.from} ON ${alias}.id = given.id AND ${alias}.workspace_id = $1${table.where === undefined ? '' : ` AND ${table.where}`}`,
    [workspace, JSON.stringify(ids)],
  );
  return row?.items ?? [];
}
