import { z } from 'zod';
import { EndpointSettings } from './endpoint-settings.js';

/** An OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, Ollama, vLLM, llama.cpp). */
export const OpenAiEmbedderSettings = EndpointSettings.extend({
  model: z.string().min(1, 'must not be empty').describe('Embedding model as the provider spells it.'),
  dimensions: z
    .number()
    .int('must be a whole number')
    .positive('must be greater than 0')
    .optional()
    .describe('Vector length to ask for (models that can shorten their vectors); absent: the model default.'),
  batchSize: z
    .number()
    .int('must be a whole number')
    .positive('must be greater than 0')
    // OpenAI's limit on inputs per request.
    .max(2048, 'must be at most 2048')
    .describe('Texts sent per request.'),
});
export type OpenAiEmbedderSettings = z.infer<typeof OpenAiEmbedderSettings>;
