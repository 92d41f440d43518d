import { z } from 'zod';
import { EndpointSettings } from './endpoint-settings.js';

/**
 * Which model the LLM reasoner calls, and how. `openai` is any OpenAI-compatible
 * `/v1/chat/completions` server (OpenAI, Ollama, vLLM, llama.cpp, OpenRouter); `anthropic` is the
 * Anthropic Messages API.
 */
export const LlmSettings = EndpointSettings.extend({
  provider: z.enum(['openai', 'anthropic']).describe('The API the endpoint speaks.'),
  model: z.string().min(1, 'must not be empty').describe('Model name as the provider spells it.'),
});
export type LlmSettings = z.infer<typeof LlmSettings>;
