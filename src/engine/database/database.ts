import { type DatabasePlace, databaseUnavailable } from './database-unavailable.js';

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
 *
 * An opening that failed (a server that was down, a folder that was full) is tried again by the
 * next query, so a server recovers by itself once the database is back. With a `place`, a
 * failure to reach, open or write the database is a `DatabaseUnavailableError` that names it.
 */
export function deferredDatabase(
  kind: Database['kind'],
  open: () => Promise<Database>,
  place?: DatabasePlace,
): Database {
  const explained = (error: unknown) => (place && databaseUnavailable(error, place)) ?? error;
  let attempt = startOpening();
  function startOpening() {
    const next = { opening: open(), failed: false };
    // An opening failure is reported by each query that awaits it, not as an unhandled rejection.
    next.opening.catch(() => {
      next.failed = true;
    });
    return next;
  }
  return {
    kind,
    async query(text, params) {
      if (attempt.failed) attempt = startOpening();
      try {
        return await (await attempt.opening).query(text, params);
      } catch (error) {
        throw explained(error);
      }
    },
    async close() {
      const database = await attempt.opening.catch(() => undefined);
      await database?.close();
    },
  };
}
