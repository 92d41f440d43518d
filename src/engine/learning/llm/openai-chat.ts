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

const Choice = z.object({
  message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
  finish_reason: z.string().nullish(),
});
type Choice = z.infer<typeof Choice>;
const ChatCompletion = z.object({ choices: z.tuple([Choice], Choice) });

/** How a 400 names the feature it does not take, in OpenAI's, vLLM's, llama.cpp's and Ollama's words. */
const REJECTS_RESPONSE_FORMAT = /response_format|json_schema|json_object|structured/i;

type Message = { role: 'system' | 'user'; content: string };

/**
 * A client of an OpenAI-compatible `/v1/chat/completions` endpoint. Objects come from structured
 * output (`json_schema`), else JSON mode (`json_object`, schema in the prompt), else plain text
 * with the JSON extracted; the client starts later calls at the mode that last worked.
 */
export function createOpenAiChat(settings: LlmSettings): LlmClient {
  const url = `${settings.baseUrl}/v1/chat/completions`;
  const headers: Record<string, string> =
    settings.apiKey === undefined ? {} : { authorization: `Bearer ${settings.apiKey}` };
  const outputModes = createModeFallback(['json_schema', 'json_object', 'text']);
  // OpenAI's reasoning models take only max_completion_tokens; most other servers only max_tokens.
  let tokenLimitKey: 'max_tokens' | 'max_completion_tokens' = 'max_tokens';

  async function complete(
    messages: Message[],
    maxTokens: number | undefined,
    extra: Record<string, unknown> = {},
  ): Promise<Choice> {
    const limit = maxTokens === undefined ? {} : { [tokenLimitKey]: maxTokens };
    let answer: unknown;
    try {
      answer = await postJson({
        url,
        headers,
        settings,
        body: { model: settings.model, messages, ...limit, ...extra },
      });
    } catch (error) {
      if (
        maxTokens !== undefined &&
        tokenLimitKey === 'max_tokens' &&
        isBadRequestAbout(error, /max_completion_tokens/)
      ) {
        tokenLimitKey = 'max_completion_tokens';
        return complete(messages, maxTokens, extra);
      }
      throw error;
    }
    const [choice] = parseAnswer(answer, ChatCompletion, 'OpenAI chat completions API').choices;
    if (choice.message.refusal) throw refusedReply(choice.message.refusal);
    return choice;
  }

  return {
    provider: 'openai',
    model: settings.model,

    async generateObject<T>(request: GenerateObjectRequest<T>): Promise<T> {
      const { name, jsonSchema } = toOutputSchema(request);
      const instructed = `${request.system}\n\n${schemaInstructions(name, jsonSchema)}`;
      return outputModes.run(async (mode): Promise<ModeOutcome<T>> => {
        const messages: Message[] = [
          { role: 'system', content: mode === 'json_schema' ? request.system : instructed },
          { role: 'user', content: request.prompt },
        ];
        const responseFormat =
          mode === 'json_schema'
            ? {
                response_format: {
                  type: 'json_schema',
                  json_schema: { name, schema: jsonSchema, strict: true },
                },
              }
            : mode === 'json_object'
              ? { response_format: { type: 'json_object' } }
              : {};
        let choice: Choice;
        try {
          choice = await complete(messages, request.maxTokens, responseFormat);
        } catch (error) {
          if (mode !== 'text' && isBadRequestAbout(error, REJECTS_RESPONSE_FORMAT)) {
            return { kind: 'unsupported', error };
          }
          throw error;
        }
        const outcome = validateOutput(extractJson(choice.message.content ?? ''), request.schema, name);
        if (outcome.kind === 'malformed' && choice.finish_reason === 'length') {
          throw truncatedReply(request.maxTokens);
        }
        return outcome;
      });
    },

    async generateText(request: GenerateTextRequest): Promise<string> {
      const choice = await complete(
        [
          { role: 'system', content: request.system },
          { role: 'user', content: request.prompt },
        ],
        request.maxTokens,
      );
      const text = choice.message.content ?? '';
      // Cut off before saying anything (a reasoning model may think through the whole limit) is an
      // error; cut off mid-text returns the text so far, as the provider does.
      if (text === '' && choice.finish_reason === 'length') throw truncatedReply(request.maxTokens);
      if (choice.message.content == null) throw malformedReply('the model replied with no text');
      return text;
    },
  };
}
