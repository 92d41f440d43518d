import type { Config } from '../config.js';
import type { Database } from '../engine/database/database.js';
import { postgresPlace } from '../engine/database/database-unavailable.js';
import { openDatabase } from '../engine/database/open-database.js';
import { MemoryError } from '../service/errors.js';

/**
 * The database the configuration names, opening in the background (see `openDatabase`). Kept
 * apart from the engine's code, so that a server starts opening its store before that code has
 * even loaded. Throws a `DatabaseUnavailableError` when the database can never be opened.
 */
export function openConfiguredDatabase(config: Config): Database {
  return openDatabase(
    config.databaseUrl === undefined
      ? { kind: 'pglite', dataDir: config.dataDir }
      : { kind: 'postgres', url: config.databaseUrl },
  );
}

/** Where the configured memory is kept, as a start-up line shows it (never a password). */
export function describeStore(config: Config): string {
  if (config.databaseUrl === undefined) return `data folder ${config.dataDir}`;
  const place = postgresPlace(config.databaseUrl);
  return place.kind === 'postgres'
    ? `Postgres database "${place.database}" at ${place.address}`
    : place.dataDir;
}

/** Where the database lives for the status page: the PGlite folder, or host:port/database. */
export function databaseLocation(config: Config): string {
  if (config.databaseUrl === undefined) return config.dataDir;
  const place = postgresPlace(config.databaseUrl);
  return place.kind === 'postgres' ? `${place.address}/${place.database}` : place.dataDir;
}

/** Reports an unusable database at once, not only at the first tool call; the server runs on. */
export function reportUnusableDatabase(database: Database): void {
  database.query('SELECT 1').catch((error: Error) => {
    const hint = error instanceof MemoryError && error.hint ? `. ${error.hint}` : '';
    console.error(`peermem: ${error.message}${hint}`);
  });
}
