import { z } from 'zod';
import { LlmSettings } from './llm/llm-settings.js';
import { OpenAiEmbedderSettings } from './llm/openai-embedder-settings.js';

/** Which reasoner learns and answers, which embedder serves semantic search, how often to summarise. */
export const LearningSettings = z.object({
  reasoner: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('offline') }),
    z.object({ kind: z.literal('llm'), llm: LlmSettings }),
  ]),
  embeddings: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('offline') }),
    z.object({ kind: z.literal('openai'), endpoint: OpenAiEmbedderSettings }),
  ]),
  summaryEvery: z.number().int().positive(),
});
export type LearningSettings = z.infer<typeof LearningSettings>;
