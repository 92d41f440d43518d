import { z } from 'zod';
import { LlmSettings } from './llm/llm-settings.js';
import { OpenAiEmbedderSettings } from './llm/openai-embedder-settings.js';

/** Which reasoner learns and answers, which embedder serves semantic search, how often to summarise. */
export const LearningSettings = z.object({
  reasoner: z.discriminatedUnion(
    'kind',
    [z.object({ kind: z.literal('offline') }), z.object({ kind: z.literal('llm'), llm: LlmSettings })],
    { error: 'must be offline, openai (any OpenAI-compatible endpoint) or anthropic' },
  ),
  embeddings: z.discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('offline') }),
      z.object({ kind: z.literal('openai'), endpoint: OpenAiEmbedderSettings }),
    ],
    { error: 'must be offline or openai (any OpenAI-compatible embeddings endpoint)' },
  ),
  summaryEvery: z.number().int().positive(),
});
export type LearningSettings = z.infer<typeof LearningSettings>;
