import type { Database } from './database.js';

/** Changes (writes, tasks learned) before the statistics are first gathered, and at most between two gatherings. */
const FIRST_AFTER = 20;
const MAX_AFTER = 5000;

export type StatisticsKeeper = {
  /** Counts `changes`; gathers the statistics when they are due, once at a time. */
  note(changes: number): Promise<void>;
};

/**
 * Gathers the planner's statistics where nothing else does: embedded PGlite runs no autovacuum,
 * and a server may have it switched off. Without them the planner guessed a workspace a few dozen
 * rows and read every message of it per search, and search cannot tell common words from rare
 * ones (`wordFrequencies`): a search of 100,000 LoCoMo turns took 95 / 148 ms p50 / p95 without,
 * 26 / 52 ms with. Gathered after the first changes, then each time their count doubles; with
 * 100,000 messages it takes 0.4 s, in which PGlite answers nothing else.
 */
export function createStatisticsKeeper(db: Database): StatisticsKeeper {
  let changesSince = 0;
  let dueAfter = FIRST_AFTER;
  let gathering = false;
  let needed: Promise<boolean> | undefined;

  function isNeeded(): Promise<boolean> {
    needed ??=
      db.kind === 'pglite'
        ? Promise.resolve(true)
        : db.query<{ off: boolean }>(`SELECT current_setting('autovacuum') <> 'on' AS off`).then(
            ([row]) => row?.off === true,
            () => {
              // Asked again next time: the database may be away for a moment.
              needed = undefined;
              return false;
            },
          );
    return needed;
  }

  return {
    async note(changes) {
      changesSince += changes;
      if (changesSince < dueAfter || gathering) return;
      gathering = true;
      try {
        if (!(await isNeeded())) return;
        changesSince = 0;
        dueAfter = Math.min(dueAfter * 2, MAX_AFTER);
        // Only a hint to the planner: a failure here is no failure of the work that noted it.
        await db
          .query('ANALYZE messages, observations, message_embeddings, derivation_tasks')
          .catch(() => {});
        // A statement of its own: the table exists only where pgvector does.
        const vectors = await db
          .query<{ present: boolean }>(`SELECT to_regclass('message_vectors') IS NOT NULL AS present`)
          .catch(() => []);
        if (vectors[0]?.present === true) await db.query('ANALYZE message_vectors').catch(() => {});
      } finally {
        gathering = false;
      }
    },
  };
}
