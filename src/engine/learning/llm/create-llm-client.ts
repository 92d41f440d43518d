import type { z } from 'zod';
import { createAnthropicMessages } from './anthropic-messages.js';
import type { LlmClient } from './llm-client.js';
import { LlmSettings } from './llm-settings.js';
import { createOpenAiChat } from './openai-chat.js';

/**
 * The client of the model the settings name. The settings are validated here (a `ZodError` if
 * they are wrong), so a client never exists with a bad URL or a key that could leak through a
 * header error. The client is cheap; keep one per settings, since it learns which output mode
 * the provider supports.
 */
export function createLlmClient(settings: z.input<typeof LlmSettings>): LlmClient {
  const parsed = LlmSettings.parse(settings);
  return parsed.provider === 'anthropic' ? createAnthropicMessages(parsed) : createOpenAiChat(parsed);
}
