import type { Database } from '../../src/engine/database/database.js';
import { openDatabase } from '../../src/engine/database/open-database.js';
import { createIsolatedDatabase } from './postgres.js';

/**
 * A database of a test file's own: an in-memory PGlite, or a fresh Postgres database named after
 * `name`, for derivers that must not meet another file's queue.
 */
export const openTestDatabase = async (kind: 'pglite' | 'postgres', name: string): Promise<Database> =>
  kind === 'pglite'
    ? openDatabase({ kind: 'memory' })
    : openDatabase({ kind: 'postgres', url: await createIsolatedDatabase(name) });
