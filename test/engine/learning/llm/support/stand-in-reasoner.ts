import { createLlmClient } from '../../../../../src/engine/learning/llm/create-llm-client.js';
import { createLlmReasoner } from '../../../../../src/engine/learning/llm-reasoner/create-llm-reasoner.js';
import type { StandInProvider } from './stand-in-provider.js';

/**
 * The model reasoner with the stand-in provider (a local OpenAI-compatible endpoint standing in
 * for a paid API) as its model: no retries and a short timeout, so a wrong reply fails fast.
 */
export function standInReasoner(provider: StandInProvider) {
  return createLlmReasoner(
    createLlmClient({
      provider: 'openai',
      baseUrl: `${provider.url}/v1/`,
      apiKey: 'sk-test-key',
      model: 'test-model',
      timeoutMs: 2_000,
      maxRetries: 0,
      retryBaseMs: 5,
    }),
  );
}
