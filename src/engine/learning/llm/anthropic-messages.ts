import { z } from 'zod';
import { extractJson } from './extract-json.js';
import { isBadRequestAbout } from './is-bad-request-about.js';
import type { GenerateObjectRequest, GenerateTextRequest, LlmClient } from './llm-client.js';
import type { LlmSettings } from './llm-settings.js';
import { createModeFallback, type ModeOutcome } from './mode-fallback.js';
import { parseAnswer } from './parse-answer.js';
import { postJson } from './post-json.js';
import { malformedReply, refusedReply, truncatedReply } from './reply-errors.js';
import { schemaInstructions } from './schema-instructions.js';
import { toOutputSchema } from './to-output-schema.js';
import { validateOutput } from './validate-output.js';

const ANTHROPIC_VERSION = '2023-06-01';
/** The Messages API requires a limit; this one fits a summary or a list of observations. */
const DEFAULT_MAX_TOKENS = 4096;

const Message = z.object({
  content: z.array(
    z.looseObject({
      type: z.string(),
      text: z.string().optional(),
      name: z.string().optional(),
      input: z.unknown().optional(),
    }),
  ),
  stop_reason: z.string().nullish(),
});
type Message = z.infer<typeof Message>;

/**
 * A client of the Anthropic Messages API (`POST /v1/messages`). Objects come from one forced
 * tool whose input schema is the caller's; if the endpoint does not take tools, or the tool input
 * does not validate, from JSON in a plain-text reply.
 */
export function createAnthropicMessages(settings: LlmSettings): LlmClient {
  const url = `${settings.baseUrl}/v1/messages`;
  const headers: Record<string, string> = {
    'anthropic-version': ANTHROPIC_VERSION,
    ...(settings.apiKey === undefined ? {} : { 'x-api-key': settings.apiKey }),
  };
  const outputModes = createModeFallback(['tool', 'text']);

  async function createMessage(
    system: string,
    prompt: string,
    maxTokens: number | undefined,
    extra: Record<string, unknown> = {},
  ): Promise<Message> {
    const answer = await postJson({
      url,
      headers,
      settings,
      body: {
        model: settings.model,
        max_tokens: maxTokens ?? DEFAULT_MAX_TOKENS,
        system,
        messages: [{ role: 'user', content: prompt }],
        ...extra,
      },
    });
    const message = parseAnswer(answer, Message, 'Anthropic Messages API');
    if (message.stop_reason === 'refusal') throw refusedReply(textOf(message));
    return message;
  }

  return {
    provider: 'anthropic',
    model: settings.model,

    async generateObject<T>(request: GenerateObjectRequest<T>): Promise<T> {
      const { name, jsonSchema } = toOutputSchema(request);
      return outputModes.run(async (mode): Promise<ModeOutcome<T>> => {
        let message: Message;
        try {
          message =
            mode === 'tool'
              ? await createMessage(request.system, request.prompt, request.maxTokens, {
                  tools: [{ name, description: `Record the ${name}.`, input_schema: jsonSchema }],
                  tool_choice: { type: 'tool', name },
                })
              : await createMessage(
                  `${request.system}\n\n${schemaInstructions(name, jsonSchema)}`,
                  request.prompt,
                  request.maxTokens,
                );
        } catch (error) {
          if (mode === 'tool' && isBadRequestAbout(error, /tool/i)) {
            return { kind: 'unsupported', error };
          }
          throw error;
        }
        const toolUse = message.content.find((block) => block.type === 'tool_use' && block.name === name);
        // A server that ignores tool_choice answers in text, which may still hold the JSON.
        const output = toolUse === undefined ? extractJson(textOf(message)) : toolUse.input;
        const outcome = validateOutput(output, request.schema, name);
        if (outcome.kind === 'malformed' && message.stop_reason === 'max_tokens') {
          throw truncatedReply(request.maxTokens ?? DEFAULT_MAX_TOKENS);
        }
        return outcome;
      });
    },

    async generateText(request: GenerateTextRequest): Promise<string> {
      const message = await createMessage(request.system, request.prompt, request.maxTokens);
      const text = textOf(message);
      if (text === '' && message.stop_reason === 'max_tokens') {
        throw truncatedReply(request.maxTokens ?? DEFAULT_MAX_TOKENS);
      }
      if (!message.content.some((block) => block.type === 'text')) {
        throw malformedReply('the model replied with no text');
      }
      return text;
    },
  };
}

function textOf(message: Message): string {
  return message.content
    .filter((block) => block.type === 'text')
    .map((block) => block.text ?? '')
    .join('');
}
