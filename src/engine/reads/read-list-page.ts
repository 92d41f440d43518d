import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';

/** One page of a list, in one statement: the rows, ordered and cut to the page, and the total over all pages. */
export type ListPage = {
  /** An integer expression: how many rows the whole list holds. */
  total: string;
  /** A SELECT of the list's rows, unordered; `json` and `order` read them as `alias`. */
  rows: string;
  alias: string;
  /** The JSON object of one row. */
  json: string;
  order: string;
  /**
   * `FROM … WHERE …` naming the row the list belongs to (its session, its peer), and the error
   * when it does not exist: an empty page would say that it does, with nothing in it.
   */
  owner?: { from: string; missing(): Error };
};

/** The owner of a list: the session or the peer `id` of the workspace ($1 and $2 of the list's parameters). */
export const ownerRow = (entity: 'session' | 'peer', id: string): NonNullable<ListPage['owner']> => ({
  from: `FROM ${entity}s ${entity[0]} WHERE ${entity[0]}.workspace_id = $1 AND ${entity[0]}.id = $2`,
  missing: () => new NotFoundError(entity, id, entity),
});

/**
 * A page of a list as the tools answer it. `params` are the list's own, numbered from $1; the
 * page size and number follow them.
 */
export async function readListPage<Item>(
  db: Database,
  list: ListPage,
  params: readonly unknown[],
  request: { page: number; size: number },
): Promise<{ items: Item[]; page: number; size: number; total: number }> {
  const limit = `$${params.length + 1}::int`;
  const offset = `($${params.length + 2}::bigint - 1) * ${limit}`;
  const [row] = await db.query<{ total: number; items: Item[] }>(
    `SELECT ${list.total} AS total,
       coalesce((
         SELECT json_agg(${list.json} ORDER BY ${list.order})
         FROM (${list.rows} ORDER BY ${list.order} LIMIT ${limit} OFFSET ${offset}) ${list.alias}
       ), '[]'::json) AS items
     ${list.owner?.from ?? ''}`,
    [...params, request.size, request.page],
  );
  if (!row && list.owner) throw list.owner.missing();
  return { items: row?.items ?? [], page: request.page, size: request.size, total: row?.total ?? 0 };
}
