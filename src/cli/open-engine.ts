import type { Config } from '../config.js';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../engine/create-engine.js';
import type { Database } from '../engine/database/database.js';
import { MAX_RETRY_MS } from '../engine/deriver/run-deriver.js';
import { createLearning } from '../engine/learning/create-learning.js';
import { openConfiguredDatabase } from './open-store.js';

/**
 * The database (`database`, or the one the configuration names) and the engine over it; the
 * deriver runs unless `deriver` is off.
 * Throws a `DatabaseUnavailableError` when the database can never be opened (see `openDatabase`).
 */
export function openEngine(
  config: Config,
  options: {
    deriver: boolean;
    background?: boolean;
    database?: Database;
    /** Told of each write of messages (the usage recorder of `serve`). */
    onMessagesWritten?: (workspace: string, messages: number, tokens: number) => void;
  },
): { database: Database; engine: Engine } {
  const database = options.database ?? openConfiguredDatabase(config);
  const engine = createEngine(database, {
    learning: createLearning(config.learning),
    learningSettings: config.learning,
    contextTokens: config.contextTokens,
    onMessagesWritten: options.onMessagesWritten,
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
