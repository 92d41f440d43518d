import { performance } from 'node:perf_hooks';
import { createEngine, DEFAULT_DERIVER } from '../../src/engine/create-engine.js';
import type { Database } from '../../src/engine/database/database.js';
import type { Learning } from '../../src/engine/learning/learning.js';
import type { DeriverStatusOutput } from '../../src/schemas/deriver-status.js';
import type { IngestedConversation } from './ingest-conversation.js';

export type DerivationOutcome = {
  elapsedMs: number;
  /** Errors the deriver met, retried ones included. */
  errors: number;
  /** Summed over the workspaces once the deriver stopped. */
  status: Pick<DeriverStatusOutput, 'pending' | 'in_progress' | 'done' | 'failed' | 'observations'>;
  failures: (DeriverStatusOutput['failures'][number] & { workspace: string })[];
  reasoner: string;
  embeddingModel: string;
};

/**
 * Learns from everything stored: starts the deriver a server runs, lets it process every
 * queued task, stops it, and reads each workspace's deriver status to see nothing was left.
 */
export async function finishDerivation(
  db: Database,
  learning: Learning,
  conversations: readonly IngestedConversation[],
  onError: (error: unknown) => void,
): Promise<DerivationOutcome> {
  let errors = 0;
  const started = performance.now();
  const engine = createEngine(db, {
    learning,
    contextTokens: 8192,
    deriver: {
      ...DEFAULT_DERIVER,
      onError: (error) => {
        errors += 1;
        onError(error);
      },
    },
  });
  if (!engine.deriver) throw new Error('the engine started no deriver');
  try {
    await engine.deriver.drain();
  } finally {
    await engine.stop();
  }
  const elapsedMs = performance.now() - started;

  const status = { pending: 0, in_progress: 0, done: 0, failed: 0, observations: 0 };
  const failures: DerivationOutcome['failures'] = [];
  let reasoner = learning.reasoner.name;
  let embeddingModel = learning.embedder.model;
  for (const { memory, workspace } of conversations) {
    const report = await memory.getDeriverStatus({});
    status.pending += report.pending;
    status.in_progress += report.in_progress;
    status.done += report.done;
    status.failed += report.failed;
    status.observations += report.observations;
    failures.push(...report.failures.map((failure) => ({ ...failure, workspace })));
    reasoner = report.reasoner;
    embeddingModel = report.embedding_model;
  }
  return { elapsedMs, errors, status, failures, reasoner, embeddingModel };
}
