import { parentPort, workerData } from 'node:worker_threads';
import type { Database } from '../database/database.js';
import { createLearning } from '../learning/create-learning.js';
import type { LearningSettings } from '../learning/learning-settings.js';
import type { Embedder } from '../learning/llm/embedder.js';
import type { DerivationTask } from './derivation-task.js';
import { deriveTask } from './derive-task.js';
import { reembedStale } from './reembed-stale.js';
import { type FromWorker, fromThreadError, type ToWorker, toThreadError } from './thread-messages.js';

/**
 * The learning thread: works out what tasks teach (NLP, merging) off the thread that answers
 * requests. It holds no database: each statement it needs is sent to the main thread, which runs
 * it on the engine's database and sends the rows back. Nor does it embed: the main thread holds
 * the embedder for search already (the word vectors, or a model's connection), so texts are sent
 * there too, and the thread does not load a second copy of the vectors while it lives.
 */
const port = parentPort;
if (!port) throw new Error('learning-worker runs only as a worker thread');
const { settings, kind } = workerData as { settings: LearningSettings; kind: Database['kind'] };
const own = createLearning(settings);

/** What the thread asked the main thread (a statement, or texts to embed), by the id it gave. */
type Pending = { resolve: (answer: unknown) => void; reject: (error: Error) => void };
let nextAsk = 0;
const asked = new Map<number, Pending>();
const post = (message: FromWorker) => port.postMessage(message);
function ask<T>(message: (id: number) => FromWorker): Promise<T> {
  const id = nextAsk++;
  return new Promise<T>((resolve, reject) => {
    asked.set(id, { resolve: resolve as (answer: unknown) => void, reject });
    post(message(id));
  });
}
/** Settles what the thread asked as `id` with the main thread's answer. */
function answer(id: number, reply: (pending: Pending) => void): void {
  const pending = asked.get(id);
  asked.delete(id);
  if (pending) reply(pending);
}

/** Its model and dimensions, as the main thread's embedder has the same settings; vectors from there. */
const embedder: Embedder = {
  model: own.embedder.model,
  dimensions: own.embedder.dimensions,
  embed: (texts) => ask<Float32Array[]>((id) => ({ type: 'embed', id, texts })),
};
const learning = { ...own, embedder };

const db: Database = {
  kind,
  query: <Row extends Record<string, unknown>>(text: string, params: readonly unknown[] = []) =>
    ask<Row[]>((id) => ({ type: 'query', id, text, params: [...params] })),
  close: async () => {},
};

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'rows':
      return answer(message.id, ({ resolve }) => resolve(message.rows));
    case 'embedded':
      return answer(message.id, ({ resolve }) => resolve(message.vectors));
    case 'query-failed':
      return answer(message.id, ({ reject }) =>
        reject(Object.assign(new Error(message.message), { databaseErrorId: message.errorId })),
      );
    case 'embed-failed':
      return answer(message.id, ({ reject }) => reject(fromThreadError(message.error)));
    case 'derive':
      settle(message.id, () => deriveTask(db, message.task as DerivationTask, learning));
      return;
    case 'reembed':
      settle(message.id, () => reembedStale(db, learning));
      return;
  }
});

function settle(id: number, work: () => Promise<unknown>): void {
  work().then(
    (result) => post({ type: 'done', id, result }),
    (error: unknown) => post({ type: 'failed', id, error: toThreadError(error) }),
  );
}
