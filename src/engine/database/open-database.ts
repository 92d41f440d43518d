import { type Database, deferredDatabase } from './database.js';
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
 */
export function openDatabase(location: DatabaseLocation): Database {
  switch (location.kind) {
    case 'postgres':
      return deferredDatabase('postgres', openPostgres(location.url));
    case 'pglite':
      return deferredDatabase('pglite', openDataFolder(location.dataDir));
    case 'memory':
      return deferredDatabase('pglite', openPglite('memory'));
  }
}
