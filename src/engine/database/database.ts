/**
 * What the engine needs of a Postgres connection: one parameterised statement at a time.
 *
 * Every engine operation is a single SQL statement (data-modifying CTEs where it writes several
 * tables), so each one is atomic on its own. That matters for the embedded mode, where other
 * processes reach the same PGlite through a multiplexing socket that cannot isolate a
 * multi-statement transaction from the owner's own statements.
 */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  query<Row extends Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/**
 * A database that answers queries as soon as it is open. The MCP server starts answering
 * `initialize` and `tools/list` at once while a large PGlite data folder is still opening.
 */
export function deferredDatabase(kind: Database['kind'], opening: Promise<Database>): Database {
  // An opening failure is reported by each query that awaits it, not as an unhandled rejection.
  opening.catch(() => {});
  return {
    kind,
    async query(text, params) {
      return (await opening).query(text, params);
    },
    async close() {
      const database = await opening.catch(() => undefined);
      await database?.close();
    },
  };
}
