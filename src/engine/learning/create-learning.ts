import { createWordVectorEmbedder } from './embedding/create-word-vector-embedder.js';
import type { Learning } from './learning.js';
import type { LearningSettings } from './learning-settings.js';
import { createLlmClient } from './llm/create-llm-client.js';
import { createOpenAiEmbedder } from './llm/create-openai-embedder.js';
import { createLlmReasoner } from './llm-reasoner/create-llm-reasoner.js';
import { createOfflineReasoner } from './offline/offline-reasoner.js';

/** The reasoner and embedder the settings name; offline rules and word vectors by default. */
export function createLearning(settings: LearningSettings): Learning {
  return {
    reasoner:
      settings.reasoner.kind === 'llm'
        ? createLlmReasoner(createLlmClient(settings.reasoner.llm))
        : createOfflineReasoner(),
    embedder:
      settings.embeddings.kind === 'openai'
        ? createOpenAiEmbedder(settings.embeddings.endpoint)
        : createWordVectorEmbedder(),
    summaryEvery: settings.summaryEvery,
  };
}

/** Offline learning with the default settings: no model, no network. */
export const OFFLINE_LEARNING: LearningSettings = {
  reasoner: { kind: 'offline' },
  embeddings: { kind: 'offline' },
  summaryEvery: 20,
};
