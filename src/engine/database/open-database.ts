import { mkdirSync } from 'node:fs';
import { type Database, deferredDatabase } from './database.js';
import { DatabaseUnavailableError, databaseUnavailable, postgresPlace } from './database-unavailable.js';
import { openDataFolder } from './open-data-folder.js';
import { openPglite } from './open-pglite.js';
import { openPostgres } from './open-postgres.js';

export type DatabaseLocation =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** A throw-away PGlite database, for tests and benchmarks. */
  | { kind: 'memory' };

/**
 * Opens the database in the background and returns at once: queries wait for it to be ready,
 * so a server can answer the protocol handshake while a large data folder is still opening.
 * What can never work (a URL that does not parse, a data folder that cannot be created) throws
 * a `DatabaseUnavailableError` here, so that a server stops at start-up with one line saying why.
 */
export function openDatabase(location: DatabaseLocation): Database {
  switch (location.kind) {
    case 'postgres': {
      const place = postgresPlace(location.url);
      return deferredDatabase('postgres', () => openPostgres(location.url), place);
    }
    case 'pglite': {
      const place = { kind: 'pglite', dataDir: location.dataDir } as const;
      try {
        mkdirSync(location.dataDir, { recursive: true, mode: 0o700 });
      } catch (error) {
        throw (
          databaseUnavailable(error, place) ??
          new DatabaseUnavailableError(
            `the data folder ${location.dataDir} cannot be created (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`,
            { hint: 'Choose another folder with --data-dir (PEERMEM_DATA_DIR).', cause: error },
          )
        );
      }
      return deferredDatabase('pglite', () => openDataFolder(location.dataDir), place);
    }
    case 'memory':
      return deferredDatabase('pglite', () => openPglite('memory'));
  }
}
