import type { Config } from '../config.js';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../engine/create-engine.js';
import type { Database } from '../engine/database/database.js';
import { postgresPlace } from '../engine/database/database-unavailable.js';
import { openDatabase } from '../engine/database/open-database.js';
import { MAX_RETRY_MS } from '../engine/deriver/run-deriver.js';
import { createLearning } from '../engine/learning/create-learning.js';
import { MemoryError } from '../service/errors.js';

/**
 * The database and engine the configuration names; the deriver runs unless `deriver` is off.
 * Throws a `DatabaseUnavailableError` when the database can never be opened (see `openDatabase`).
 */
export function openEngine(
  config: Config,
  options: { deriver: boolean; background?: boolean },
): { database: Database; engine: Engine } {
  const database = openDatabase(
    config.databaseUrl === undefined
      ? { kind: 'pglite', dataDir: config.dataDir }
      : { kind: 'postgres', url: config.databaseUrl },
  );
  const engine = createEngine(database, {
    learning: createLearning(config.learning),
    learningSettings: config.learning,
    contextTokens: config.contextTokens,
    deriver: options.deriver
      ? {
          ...DEFAULT_DERIVER,
          background: options.background ?? true,
          onError: (error) => console.error(`peermem: deriver: ${(error as Error).message}`),
          onDatabaseLost: (error, retryMs) =>
            console.error(
              `peermem: deriver: database lost: ${error.message}; retrying every ${retryMs / 1000} s, backing off to every ${MAX_RETRY_MS / 1000} s`,
            ),
          onDatabaseBack: () => console.error('peermem: deriver: database back'),
        }
      : false,
  });
  return { database, engine };
}

/** Where the configured memory is kept, as a start-up line shows it (never a password). */
export function describeStore(config: Config): string {
  if (config.databaseUrl === undefined) return `data folder ${config.dataDir}`;
  const place = postgresPlace(config.databaseUrl);
  return place.kind === 'postgres'
    ? `Postgres database "${place.database}" at ${place.address}`
    : place.dataDir;
}

/** Reports an unusable database at once, not only at the first tool call; the server runs on. */
export function reportUnusableDatabase(database: Database): void {
  database.query('SELECT 1').catch((error: Error) => {
    const hint = error instanceof MemoryError && error.hint ? `. ${error.hint}` : '';
    console.error(`peermem: ${error.message}${hint}`);
  });
}
