import type { Database } from './database.js';

/** Changes (writes, tasks learned) before the first upkeep, and at most between two. */
const FIRST_AFTER = 20;
const MAX_AFTER = 5000;

/**
 * Tables whose rows are rewritten (a task's status, a session's count, an observation seen again,
 * a vector replaced): their dead rows are reclaimed, which VACUUM does, and their statistics
 * gathered with it. On 100,000 LoCoMo turns learned behind their import, reclaiming them took a
 * search from 30 / 50 ms p50 / p95 to 25 / 43 ms on PGlite, for 0.7 s of upkeep.
 */
const REWRITTEN = ['observations', 'message_embeddings', 'derivation_tasks', 'sessions'];
/** Tables only ever appended to: statistics alone (vacuuming the messages took 0.6 s for nothing). */
const APPENDED = ['messages'];

export type TableUpkeep = {
  /** Counts `changes`; sees to the tables when it is due, once at a time. */
  note(changes: number): Promise<void>;
};

/**
 * Does what autovacuum would, where nothing else does: embedded PGlite runs no autovacuum, and a
 * server may have it switched off. Without statistics the planner guessed a workspace a few dozen
 * rows and read every message of it per search, and search cannot tell common words from rare
 * ones (`wordFrequencies`): a search of 100,000 LoCoMo turns took 95 / 148 ms p50 / p95 without,
 * 26 / 52 ms with. Run after the first changes, then each time their count doubles. Each table is
 * a statement of its own, so that requests are answered between them (PGlite answers nothing else
 * during one: 0.4 s at most for the observations of 100,000 messages).
 */
export function createTableUpkeep(db: Database): TableUpkeep {
  let changesSince = 0;
  let dueAfter = FIRST_AFTER;
  let running = false;
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
      if (changesSince < dueAfter || running) return;
      running = true;
      try {
        if (!(await isNeeded())) return;
        changesSince = 0;
        dueAfter = Math.min(dueAfter * 2, MAX_AFTER);
        // The table exists only where pgvector does; its rows are replaced when a vector is.
        const [vectors] = await db
          .query<{ present: boolean }>(`SELECT to_regclass('message_vectors') IS NOT NULL AS present`)
          .catch(() => []);
        const rewritten = vectors?.present === true ? [...REWRITTEN, 'message_vectors'] : REWRITTEN;
        // Only upkeep: a failure here is no failure of the work that noted it.
        for (const table of rewritten) await db.query(`VACUUM (ANALYZE) ${table}`).catch(() => {});
        for (const table of APPENDED) await db.query(`ANALYZE ${table}`).catch(() => {});
      } finally {
        running = false;
      }
    },
  };
}
