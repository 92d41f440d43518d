// The provider here is a local stand-in for a paid API: a real HTTP server on 127.0.0.1 that
// answers as an OpenAI-compatible endpoint would, scripted per test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLlmClient } from '../../../../src/engine/learning/llm/create-llm-client.js';
import { LlmError } from '../../../../src/engine/learning/llm/llm-error.js';
import { chatCompletion, providerError } from './support/provider-replies.js';
import {
  type ReceivedRequest,
  type StandInProvider,
  startStandInProvider,
} from './support/stand-in-provider.js';

const Person = z.object({
  name: z.string().describe('The person named in the text.'),
  age: z.number().int().nullable(),
});
const request = {
  system: 'Extract the person.',
  prompt: 'Alice is 30.',
  schema: Person,
  schemaName: 'person',
};
const alice = { name: 'Alice', age: 30 };

/** The output mode a request asked for: `json_schema`, `json_object`, or `text` (no response_format). */
const modeOf = (received: ReceivedRequest) =>
  (received.body.response_format as { type: string } | undefined)?.type ?? 'text';

/** The system message of a request, where the schema goes when the provider cannot take it. */
const systemOf = (received: ReceivedRequest | undefined) =>
  (received?.body.messages as { content: string }[] | undefined)?.[0]?.content;

describe('createLlmClient with an OpenAI-compatible endpoint', () => {
  let provider: StandInProvider;
  const client = () =>
    createLlmClient({
      provider: 'openai',
      baseUrl: `${provider.url}/v1/`,
      apiKey: 'sk-test-key',
      model: 'test-model',
      timeoutMs: 2_000,
      maxRetries: 2,
      retryBaseMs: 5,
    });

  beforeAll(async () => {
    provider = await startStandInProvider();
  });
  afterAll(() => provider.close());

  it('asks for structured output with the JSON Schema and returns the validated object', async () => {
    provider.answerWith(() => chatCompletion(JSON.stringify(alice)));
    await expect(client().generateObject(request)).resolves.toEqual(alice);
    const [sent] = provider.requests;
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer sk-test-key');
    expect(sent?.body).toMatchObject({
      model: 'test-model',
      messages: [
        { role: 'system', content: 'Extract the person.' },
        { role: 'user', content: 'Alice is 30.' },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'person',
          strict: true,
          schema: {
            type: 'object',
            required: ['name', 'age'],
            additionalProperties: false,
            properties: { name: { type: 'string', description: 'The person named in the text.' } },
          },
        },
      },
    });
    expect(sent?.body).not.toHaveProperty('max_tokens');
  });

  it('falls back to JSON mode when the server rejects json_schema, and stays there', async () => {
    provider.answerWith((received) =>
      modeOf(received) === 'json_schema'
        ? providerError(400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported.")
        : chatCompletion(JSON.stringify(alice)),
    );
    const llm = client();
    await expect(llm.generateObject(request)).resolves.toEqual(alice);
    expect(provider.requests.map((sent) => sent.body.response_format)).toEqual([
      expect.objectContaining({ type: 'json_schema' }),
      { type: 'json_object' },
    ]);
    const instructions = systemOf(provider.requests[1]);
    expect(instructions).toMatch(/^Extract the person\.\n\nReply with one JSON object, "person"/);
    expect(instructions).toContain('"required":["name","age"]');

    await expect(llm.generateObject(request)).resolves.toEqual(alice);
    expect(provider.requests).toHaveLength(3);
    expect(provider.requests[2]?.body.response_format).toEqual({ type: 'json_object' });
  });

  it('finds the JSON in prose and a code fence when JSON mode is ignored', async () => {
    const prose = 'Sure! Here is the person:\n```json\n{ "name": "Alice", "age": 30 }\n```\nAnything else?';
    provider.answerWith((received) =>
      modeOf(received) === 'json_schema'
        ? providerError(400, 'response_format json_schema is unsupported by this server')
        : chatCompletion(prose),
    );
    await expect(client().generateObject(request)).resolves.toEqual(alice);
    expect(provider.requests.map(modeOf)).toEqual(['json_schema', 'json_object']);
  });

  it('falls back when structured output is ignored and the reply does not fit the schema', async () => {
    provider.answerWith((_, index) =>
      index === 0 ? chatCompletion('{"person": "Alice"}') : chatCompletion(JSON.stringify(alice)),
    );
    await expect(client().generateObject(request)).resolves.toEqual(alice);
    expect(provider.requests[1]?.body.response_format).toEqual({ type: 'json_object' });
  });

  it('ends in plain text, then fails as malformed_output, for the queue to retry later, when no reply parses', async () => {
    provider.answerWith(() => chatCompletion('{"name": "Alice", "age": thirty'));
    const error = await client()
      .generateObject(request)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ kind: 'malformed_output', retryable: true, code: 'unavailable' });
    expect(provider.requests.map(modeOf)).toEqual(['json_schema', 'json_object', 'text']);
    expect(systemOf(provider.requests[2])).toContain('JSON Schema');
  });

  it('names the schema paths that did not validate', async () => {
    provider.answerWith(() => chatCompletion('{"name": 7, "age": 30}'));
    const error = (await client()
      .generateObject(request)
      .catch((caught: unknown) => caught)) as LlmError;
    expect(error.message).toBe(
      `the model's reply did not match the "person" schema at name (Invalid input: expected string, received number)`,
    );
    expect(error.details).toMatch(/expected string.*→ at name/);
  });

  it('stops at once when the reply was cut at the token limit', async () => {
    provider.answerWith(() => chatCompletion('{"name": "Ali', { finishReason: 'length' }));
    const error = await client()
      .generateObject({ ...request, maxTokens: 5 })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      kind: 'malformed_output',
      hint: expect.stringMatching(/Raise maxTokens \(it was 5\)/),
    });
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0]?.body.max_tokens).toBe(5);
  });

  it('reports a refusal as its own kind, without trying other modes', async () => {
    provider.answerWith(() => chatCompletion(null, { refusal: "I can't help with that." }));
    const error = await client()
      .generateObject(request)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'refused', retryable: true, details: "I can't help with that." });
    expect(provider.requests).toHaveLength(1);
  });

  it('switches to max_completion_tokens for models that take only that', async () => {
    provider.answerWith((received) =>
      'max_tokens' in received.body
        ? providerError(
            400,
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          )
        : chatCompletion('A short answer.'),
    );
    const llm = client();
    await expect(llm.generateText({ system: 's', prompt: 'p', maxTokens: 50 })).resolves.toBe(
      'A short answer.',
    );
    await expect(llm.generateText({ system: 's', prompt: 'p', maxTokens: 50 })).resolves.toBe(
      'A short answer.',
    );
    expect(provider.requests.map((sent) => sent.body.max_completion_tokens)).toEqual([undefined, 50, 50]);
  });

  it('returns plain text without any response_format', async () => {
    provider.answerWith(() => chatCompletion('Alice is thirty.'));
    await expect(client().generateText({ system: 'Summarise.', prompt: 'Alice is 30.' })).resolves.toBe(
      'Alice is thirty.',
    );
    expect(provider.requests[0]?.body).not.toHaveProperty('response_format');
  });

  it('rejects a schema name providers would refuse before sending anything', async () => {
    provider.answerWith(() => chatCompletion('{}'));
    await expect(client().generateObject({ ...request, schemaName: 'a person' })).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'schemaName',
    });
    expect(provider.requests).toHaveLength(0);
  });

  it('fails as provider_error when the endpoint is not a chat completions API', async () => {
    provider.answerWith(() => ({ body: { hello: 'world' } }));
    await expect(client().generateText({ system: 's', prompt: 'p' })).rejects.toMatchObject({
      kind: 'provider_error',
      retryable: false,
    });
  });
});
