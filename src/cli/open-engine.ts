import type { Config } from '../config.js';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../engine/create-engine.js';
import type { Database } from '../engine/database/database.js';
import { openDatabase } from '../engine/database/open-database.js';
import { createLearning } from '../engine/learning/create-learning.js';

/** The database and engine the configuration names; the deriver runs unless `deriver` is off. */
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
    contextTokens: config.contextTokens,
    deriver: options.deriver
      ? {
          ...DEFAULT_DERIVER,
          background: options.background ?? true,
          onError: (error) => console.error(`peermem: deriver: ${(error as Error).message}`),
        }
      : false,
  });
  return { database, engine };
}
