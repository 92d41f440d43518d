import { Worker } from 'node:worker_threads';
import type { Database } from '../database/database.js';
import type { LearningSettings } from '../learning/learning-settings.js';
import type { Embedder } from '../learning/llm/embedder.js';
import type { DerivationTask } from './derivation-task.js';
import type { Derivation } from './derive-task.js';
import {
  type FromWorker,
  fromThreadError,
  type ThreadError,
  type ToWorker,
  toThreadError,
} from './thread-messages.js';

/** The deriver's CPU work on a worker thread; see learning-worker.ts. */
export type LearningThread = {
  /** What a task teaches (`deriveTask`), worked out on the thread. */
  derive(task: DerivationTask): Promise<Derivation>;
  /** One batch of `reembedStale`, on the thread. */
  reembedStale(): Promise<number>;
  close(): Promise<void>;
};

/**
 * The built worker script. Under the test runner this module is the TypeScript source, which a
 * worker cannot load: the worker then runs the build of the same tree (the tests build it first).
 */
function workerScript(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('../../../dist/src/engine/deriver/learning-worker.js', import.meta.url)
    : new URL('./learning-worker.js', import.meta.url);
}

/**
 * How long the thread may sit idle before it is ended. It holds its own copy of the learning
 * code, the word vectors and the language tables (~80-150 MB resident); a window whose
 * conversation paused gives that back, and the next task starts a thread again (under a second).
 */
const IDLE_THREAD_MS = 10_000;

/**
 * The thread's young generation, where V8 puts what it has just allocated. V8 grows it to 48 MB
 * under the parser's many short-lived objects, and a resident page stays resident: the thread's
 * heap held 88 MB for 25 MB of live objects after 300 LoCoMo turns (npm run bench:footprint's
 * profile). Most of what a parse allocates is gone by the next collection, so a smaller space
 * collects more often, each time as little.
 */
const YOUNG_GENERATION_MB = 12;

/**
 * Starts (on first use) a worker thread that learns with the given settings, running the
 * statements it needs on `db` here, and embedding its texts with `embedder` here (the one search
 * uses, made from the same settings). PGlite is one connection in this thread, so the thread
 * borrows it statement by statement; between them, requests are answered as usual. A thread
 * that dies fails the calls it held (they are retried as any failure) and is started again.
 */
export function startLearningThread(
  db: Database,
  settings: LearningSettings,
  embedder: Embedder,
  options: { idleMs?: number } = {},
): LearningThread {
  const idleMs = options.idleMs ?? IDLE_THREAD_MS;
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextCall = 0;
  let nextError = 0;
  const calls = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  // Database errors stay here, so the deriver sees the very error (a lost database stops a batch).
  const databaseErrors = new Map<number, unknown>();

  function failAll(error: Error): void {
    for (const call of calls.values()) call.reject(error);
    calls.clear();
    databaseErrors.clear();
  }

  function spawn(): Worker {
    const thread = new Worker(workerScript(), {
      workerData: { settings, kind: db.kind },
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    const post = (message: ToWorker) => thread.postMessage(message);
    thread.on('message', (message: FromWorker) => {
      if (message.type === 'query') {
        db.query(message.text, message.params).then(
          (rows) => post({ type: 'rows', id: message.id, rows }),
          (error: unknown) => {
            const errorId = nextError++;
            databaseErrors.set(errorId, error);
            post({ type: 'query-failed', id: message.id, message: (error as Error).message, errorId });
          },
        );
        return;
      }
      if (message.type === 'embed') {
        embedder.embed(message.texts).then(
          (vectors) => post({ type: 'embedded', id: message.id, vectors }),
          (error: unknown) => post({ type: 'embed-failed', id: message.id, error: toThreadError(error) }),
        );
        return;
      }
      const call = calls.get(message.id);
      calls.delete(message.id);
      if (message.type === 'done') call?.resolve(message.result);
      else call?.reject(rebuildError(message.error));
      if (calls.size === 0) {
        thread.unref();
        databaseErrors.clear();
        retireWhenIdle(thread);
      }
    });
    const stopped = (error: Error) => {
      if (worker !== thread) return;
      worker = undefined;
      failAll(error);
    };
    thread.on('error', (error) => stopped(new Error(`learning thread failed: ${error.message}`)));
    thread.on('exit', (code) => stopped(new Error(`learning thread exited with code ${code}`)));
    return thread;
  }

  /** Ends the thread once it has had nothing to do for `idleMs`; a call in between keeps it. */
  function retireWhenIdle(thread: Worker): void {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (worker !== thread || calls.size > 0) return;
      worker = undefined;
      void thread.terminate();
    }, idleMs);
    idleTimer.unref();
  }

  function rebuildError(error: ThreadError): unknown {
    if (error.databaseErrorId !== undefined && databaseErrors.has(error.databaseErrorId)) {
      const original = databaseErrors.get(error.databaseErrorId);
      databaseErrors.delete(error.databaseErrorId);
      return original;
    }
    return fromThreadError(error);
  }

  function call<T>(message: { type: 'derive'; task: DerivationTask } | { type: 'reembed' }): Promise<T> {
    clearTimeout(idleTimer);
    worker ??= spawn();
    const thread = worker;
    const id = nextCall++;
    return new Promise<T>((resolve, reject) => {
      calls.set(id, { resolve: resolve as (value: unknown) => void, reject });
      // Keeps the process alive while the thread works for it, and only then.
      thread.ref();
      thread.postMessage({ ...message, id } as ToWorker);
    });
  }

  return {
    derive: (task) => call<Derivation>({ type: 'derive', task }),
    reembedStale: () => call<number>({ type: 'reembed' }),
    async close() {
      clearTimeout(idleTimer);
      const thread = worker;
      worker = undefined;
      failAll(new Error('learning thread closed'));
      await thread?.terminate();
    },
  };
}
