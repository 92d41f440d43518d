import type { Embedder } from './llm/embedder.js';
import type { Reasoner } from './reasoner.js';

/** How the engine learns: the reasoner that reads messages and the embedder for semantic search. */
export type Learning = {
  reasoner: Reasoner;
  embedder: Embedder & { readonly model: string };
  /** Regenerate a session's summaries once this many messages came after the last ones. */
  summaryEvery: number;
};
