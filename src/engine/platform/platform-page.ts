import type { Page, PageRequest } from '../../schemas/platform.js';
import type { Database } from '../database/database.js';

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
