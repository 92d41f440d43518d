import { randomUUID } from 'node:crypto';
import type { Database } from '../database/database.js';
import { DatabaseUnavailableError } from '../database/database-unavailable.js';
import type { TableUpkeep } from '../database/table-upkeep.js';
import type { Learning } from '../learning/learning.js';
import { claimTasks } from './claim-tasks.js';
import { completeTask } from './complete-task.js';
import type { DerivationTask } from './derivation-task.js';
import { deriveTask } from './derive-task.js';
import { failTask } from './fail-task.js';
import type { LearningThread } from './learning-thread.js';
import { hasStaleVectors, reembedStale } from './reembed-stale.js';
import { reportDeriver } from './report-deriver.js';
import { splitTask } from './split-task.js';

export type DeriverOptions = {
  /** Tasks claimed at once (each is one add_messages call). */
  batchSize: number;
  /** How often an idle deriver looks for work another process queued. */
  pollMs: number;
  /** A claim older than this is taken to belong to a dead worker. */
  leaseSeconds: number;
  maxAttempts: number;
  /** The first retry waits this long; each next one twice as long (at most five minutes). */
  retryBaseMs?: number;
  /** Poll in the background (default); false: work only when `drain` is called. */
  background?: boolean;
  onError?: (error: unknown, task?: DerivationTask) => void;
  /** The database stopped answering; the deriver tries again after `retryMs`, then less often. */
  onDatabaseLost?: (error: DatabaseUnavailableError, retryMs: number) => void;
  /** The database answers again after `onDatabaseLost`. */
  onDatabaseBack?: () => void;
  /**
   * Called after a task's learning is written, with its workspace: copies its new vectors into
   * pgvector's index in the background, so that a search does not pay for it. Its failure is no
   * failure of the task (search copies what is missing itself).
   */
  indexVectors?: (workspace: string) => Promise<void>;
  /**
   * Works out what tasks teach on this worker thread, not on the thread that answers requests;
   * without it, on this one. Closed when the deriver stops.
   */
  thread?: LearningThread | undefined;
  /** Told how many tasks were learned: statistics and dead rows are seen to as the memory grows. */
  upkeep?: TableUpkeep | undefined;
};

/** While the database is away the deriver waits this long, doubling up to `MAX_RETRY_MS`. */
const FIRST_RETRY_MS = 1000;
export const MAX_RETRY_MS = 30_000;

/** A pause in the writes this long lets the next task be learned; none for this long, it is anyway. */
const QUIET_MS = 50;
const MAX_DEFER_MS = 500;

export type Deriver = {
  /** Look for work now (called after this process queued some); learning yields to writes a moment. */
  nudge(): void;
  /** Process every ready task, then resolve: for tests, benchmarks and `peermem worker --once`. */
  drain(): Promise<number>;
  stop(): Promise<void>;
};

/**
 * The background learner: claims queued tasks, works out what they teach, and writes it. Runs
 * in the server process and in `peermem worker`; any number of them share one queue.
 */
export function startDeriver(db: Database, learning: Learning, options: DeriverOptions): Deriver {
  const claimToken = randomUUID();
  const { thread } = options;
  const derive = (task: DerivationTask) => (thread ? thread.derive(task) : deriveTask(db, task, learning));
  let running = true;
  let wake: (() => void) | undefined;
  // Work in this process runs one batch at a time, so `drain` can wait for the loop's batch.
  let chain: Promise<unknown> = Promise.resolve();
  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => {});
    return next;
  };

  // What this deriver learns with, for the status of any process to report (see reportDeriver).
  const self = { id: claimToken, reasoner: learning.reasoner.name, embeddingModel: learning.embedder.model };
  const reported = reportDeriver(db, self).catch(() => {});

  // While this deriver lives it renews the lease on what it holds, three times per lease: a long
  // task keeps its claim, and the claims of a deriver that died lapse within one lease.
  const heartbeat = setInterval(
    () => {
      db.query(
        `UPDATE derivation_tasks SET claimed_at = now() WHERE claim_token = $1 AND status = 'in_progress'`,
        [claimToken],
      ).catch(() => {});
      reportDeriver(db, self).catch(() => {});
    },
    (options.leaseSeconds * 1000) / 3,
  );
  heartbeat.unref();

  async function processBatch(): Promise<number> {
    const tasks = await claimTasks(db, {
      limit: options.batchSize,
      leaseSeconds: options.leaseSeconds,
      claimToken,
    });
    for (const task of tasks) {
      // PGlite answers in microtasks: without a turn of the event loop between tasks, a backlog
      // would hold the server's requests until all of it is learned.
      await new Promise((resolve) => setImmediate(resolve));
      await writesQuiet();
      await learnTask(task);
    }
    return tasks.length;
  }

  /**
   * While messages stream in (an import), a task waits for a pause in the writes, for at most
   * `MAX_DEFER_MS`: the statements of learning share the database (and PGlite's thread) with the
   * writes, and the writes come first. Learning catches up behind them, each task within seconds.
   */
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  async function writesQuiet(): Promise<void> {
    const started = performance.now();
    while (performance.now() - lastWriteAt < QUIET_MS && performance.now() - started < MAX_DEFER_MS) {
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    }
  }

  /**
   * Learns from a task's messages and writes it. When that fails for good and the task holds
   * several messages, each is learned on its own: the others are not held back by one that
   * cannot be learned, which is recorded as a failed task of its own.
   */
  async function learnTask(task: DerivationTask): Promise<void> {
    let failure: Failure;
    try {
      if (await completeTask(db, task, await derive(task))) {
        await options.indexVectors?.(task.workspace_id).catch(() => {});
      }
      return;
    } catch (error) {
      // Not the task's fault: stop the batch, the task stays claimed and is retried when its
      // lease runs out.
      if (error instanceof DatabaseUnavailableError) throw error;
      options.onError?.(error, task);
      failure = describeFailure(error);
    }
    const final = !failure.retryable || task.attempts >= options.maxAttempts;
    const parts = final && task.first_seq !== task.last_seq ? await splitTask(db, task).catch(() => []) : [];
    if (parts.length < 2) {
      await recordFailure(task, failure);
      return;
    }
    for (const part of parts) {
      await new Promise((resolve) => setImmediate(resolve));
      try {
        await completeTask(db, part, await derive(part));
      } catch (error) {
        if (error instanceof DatabaseUnavailableError) throw error;
        options.onError?.(error, part);
        const partFailure = describeFailure(error);
        await recordFailure(part, {
          ...partFailure,
          message: `message ${part.message_id}: ${partFailure.message}`,
        });
      }
    }
  }

  async function recordFailure(task: DerivationTask, failure: Failure): Promise<void> {
    await failTask(db, task, {
      ...failure,
      maxAttempts: options.maxAttempts,
      retryBaseMs: options.retryBaseMs ?? 1000,
    }).catch(() => {});
  }

  async function drainReady(): Promise<number> {
    // A `peermem worker --once` may finish before its report would otherwise be written.
    await reported;
    let total = 0;
    for (let count = await processBatch(); count > 0; count = await processBatch()) total += count;
    if (total > 0) await options.upkeep?.note(total);
    return total;
  }

  // After a change of embedding model, old vectors are replaced bit by bit, between tasks.
  let stale = true;
  async function reembedSome(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (!stale) return;
    // Messages written a moment ago have no vector yet either: re-embedding, too, waits for a pause.
    await writesQuiet();
    if (thread && !(await hasStaleVectors(db, learning.embedder.model))) stale = false;
    else stale = (await (thread ? thread.reembedStale() : reembedStale(db, learning))) > 0;
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      setTimeout(resolve, ms).unref();
    });

  /**
   * Polls for work. A failure waits before the next try, twice as long each time it recurs (a
   * database that is down must not spin the loop or flood the log); a lost database is reported
   * once when it goes and once when it comes back, not on every try.
   */
  async function loop(): Promise<void> {
    let failures = 0;
    let lost = false;
    while (running) {
      const outcome = await serialized(drainReady)
        .then(() => serialized(reembedSome))
        .then(
          () => ({ failed: false as const }),
          (error: unknown) => ({ failed: true as const, error }),
        );
      if (!running) break;
      if (!outcome.failed) {
        if (lost) options.onDatabaseBack?.();
        lost = false;
        failures = 0;
        if (!stale) await pause(options.pollMs);
        continue;
      }
      const retryMs = Math.min(FIRST_RETRY_MS * 2 ** failures, MAX_RETRY_MS);
      failures += 1;
      if (!(outcome.error instanceof DatabaseUnavailableError)) options.onError?.(outcome.error);
      else if (!lost) {
        lost = true;
        options.onDatabaseLost?.(outcome.error, retryMs);
      }
      await pause(retryMs);
    }
  }
  const looping = options.background === false ? Promise.resolve() : loop();

  return {
    nudge: () => {
      lastWriteAt = performance.now();
      wake?.();
    },
    drain: () => serialized(drainReady),
    async stop() {
      running = false;
      clearInterval(heartbeat);
      wake?.();
      await looping;
      await thread?.close();
    },
  };
}

type Failure = { message: string; retryable: boolean; retryAfterMs?: number };

function describeFailure(error: unknown): Failure {
  if (error instanceof Error) {
    const { retryable, retryAfterMs, code } = error as Error & {
      retryable?: boolean;
      retryAfterMs?: number;
      code?: unknown;
    };
    return {
      message: error.message,
      // Errors that do not say otherwise (a database hiccup) are worth another try; a value the
      // database refuses (SQLSTATE class 22, data exception) is refused again.
      retryable: retryable ?? !(typeof code === 'string' && code.startsWith('22')),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
  }
  return { message: String(error), retryable: true };
}
