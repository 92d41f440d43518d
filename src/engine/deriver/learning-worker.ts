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

let nextQuery = 0;
const queries = new Map<number, { resolve: (rows: never[]) => void; reject: (error: Error) => void }>();
let nextEmbed = 0;
const embeds = new Map<
  number,
  { resolve: (vectors: Float32Array[]) => void; reject: (error: Error) => void }
>();
const post = (message: FromWorker) => port.postMessage(message);

/** Its model and dimensions, as the main thread's embedder has the same settings; vectors from there. */
const embedder: Embedder = {
  model: own.embedder.model,
  dimensions: own.embedder.dimensions,
  embed(texts) {
    const id = nextEmbed++;
    return new Promise((resolve, reject) => {
      embeds.set(id, { resolve, reject });
      post({ type: 'embed', id, texts });
    });
  },
};
const learning = { ...own, embedder };

const db: Database = {
  kind,
  query<Row extends Record<string, unknown>>(text: string, params: readonly unknown[] = []) {
    const id = nextQuery++;
    return new Promise<Row[]>((resolve, reject) => {
      queries.set(id, { resolve: resolve as (rows: never[]) => void, reject });
      post({ type: 'query', id, text, params: [...params] });
    });
  },
  close: async () => {},
};

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'rows':
    case 'query-failed': {
      const pending = queries.get(message.id);
      queries.delete(message.id);
      if (message.type === 'rows') pending?.resolve(message.rows as never[]);
      else pending?.reject(Object.assign(new Error(message.message), { databaseErrorId: message.errorId }));
      return;
    }
    case 'embedded':
    case 'embed-failed': {
      const pending = embeds.get(message.id);
      embeds.delete(message.id);
      if (message.type === 'embedded') pending?.resolve(message.vectors);
      else pending?.reject(fromThreadError(message.error));
      return;
    }
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
