// The provider here is a local stand-in for a paid API: a real HTTP server on 127.0.0.1 that
// answers as the Anthropic Messages API would, scripted per test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLlmClient } from '../../../../src/engine/learning/llm/create-llm-client.js';
import { anthropicMessage, providerError } from './support/provider-replies.js';
import { type StandInProvider, startStandInProvider } from './support/stand-in-provider.js';

const Observations = z.object({ facts: z.array(z.string()).describe('Atomic facts about the speaker.') });
const request = {
  system: 'List what the user says about themselves.',
  prompt: 'I moved to Lyon and I teach piano.',
  schema: Observations,
  schemaName: 'observations',
};
const facts = { facts: ['moved to Lyon', 'teaches piano'] };

describe('createLlmClient with the Anthropic Messages API', () => {
  let provider: StandInProvider;
  const client = () =>
    createLlmClient({
      provider: 'anthropic',
      baseUrl: provider.url,
      apiKey: 'sk-ant-test-key',
      model: 'claude-test',
      timeoutMs: 2_000,
      maxRetries: 1,
      retryBaseMs: 5,
    });

  beforeAll(async () => {
    provider = await startStandInProvider();
  });
  afterAll(() => provider.close());

  it('forces one tool whose input schema is the caller schema, and returns its input', async () => {
    provider.answerWith(() =>
      anthropicMessage([{ type: 'tool_use', id: 'toolu_1', name: 'observations', input: facts }], 'tool_use'),
    );
    await expect(client().generateObject(request)).resolves.toEqual(facts);
    const [sent] = provider.requests;
    expect(sent?.path).toBe('/v1/messages');
    expect(sent?.headers).toMatchObject({
      'x-api-key': 'sk-ant-test-key',
      'anthropic-version': '2023-06-01',
    });
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.body).toMatchObject({
      model: 'claude-test',
      max_tokens: 4096,
      system: 'List what the user says about themselves.',
      messages: [{ role: 'user', content: 'I moved to Lyon and I teach piano.' }],
      tools: [{ name: 'observations', input_schema: { type: 'object', required: ['facts'] } }],
      tool_choice: { type: 'tool', name: 'observations' },
    });
  });

  it('falls back to JSON in text when the endpoint does not take tools, and stays there', async () => {
    provider.answerWith((received) =>
      received.body.tools === undefined
        ? anthropicMessage([
            { type: 'text', text: `Here you go:\n\`\`\`json\n${JSON.stringify(facts)}\n\`\`\`` },
          ])
        : providerError(400, 'tools: this model does not support tool use'),
    );
    const llm = client();
    await expect(llm.generateObject(request)).resolves.toEqual(facts);
    await expect(llm.generateObject(request)).resolves.toEqual(facts);
    expect(provider.requests.map((sent) => sent.body.tools === undefined)).toEqual([false, true, true]);
    expect(provider.requests[1]?.body.system).toMatch(
      /^List what the user says about themselves\.\n\nReply with one JSON object/,
    );
  });

  it('reads the JSON from text when the server ignores tool_choice', async () => {
    provider.answerWith(() => anthropicMessage([{ type: 'text', text: JSON.stringify(facts) }]));
    await expect(client().generateObject(request)).resolves.toEqual(facts);
    expect(provider.requests).toHaveLength(1);
  });

  it('asks again in text mode when the tool input does not validate, then fails as malformed_output', async () => {
    provider.answerWith((received) =>
      received.body.tools === undefined
        ? anthropicMessage([{ type: 'text', text: 'I would rather describe it in words.' }])
        : anthropicMessage([
            { type: 'tool_use', id: 'toolu_1', name: 'observations', input: { facts: 'Lyon' } },
          ]),
    );
    await expect(client().generateObject(request)).rejects.toMatchObject({
      kind: 'malformed_output',
      retryable: true,
    });
    expect(provider.requests).toHaveLength(2);
  });

  it('reports stop_reason refusal as a refusal', async () => {
    provider.answerWith(() => anthropicMessage([], 'refusal'));
    await expect(client().generateObject(request)).rejects.toMatchObject({
      kind: 'refused',
      retryable: true,
    });
    expect(provider.requests).toHaveLength(1);
  });

  it('joins the text blocks of a plain reply', async () => {
    provider.answerWith(() =>
      anthropicMessage([
        { type: 'text', text: 'The user moved to Lyon' },
        { type: 'text', text: ' and teaches piano.' },
      ]),
    );
    await expect(client().generateText({ system: 'Summarise.', prompt: 'p', maxTokens: 200 })).resolves.toBe(
      'The user moved to Lyon and teaches piano.',
    );
    expect(provider.requests[0]?.body).toMatchObject({ max_tokens: 200 });
    expect(provider.requests[0]?.body).not.toHaveProperty('tools');
  });

  it('retries an overloaded API (529)', async () => {
    provider.answerWith((_, index) =>
      index === 0
        ? { status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } }
        : anthropicMessage([{ type: 'text', text: 'ok' }]),
    );
    await expect(client().generateText({ system: 's', prompt: 'p' })).resolves.toBe('ok');
    expect(provider.requests).toHaveLength(2);
  });
});
