// The provider here is a local stand-in for a paid API: a real HTTP server on 127.0.0.1 that
// fails the way real providers do (rate limits, outages, silence, bad keys), scripted per test.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLlmClient } from '../../../../src/engine/learning/llm/create-llm-client.js';
import { LlmError } from '../../../../src/engine/learning/llm/llm-error.js';
import type { LlmSettings } from '../../../../src/engine/learning/llm/llm-settings.js';
import { chatCompletion, providerError } from './support/provider-replies.js';
import {
  type StandInHandler,
  type StandInProvider,
  startStandInProvider,
} from './support/stand-in-provider.js';

const API_KEY = 'sk-test-9f8e7d6c5b4a3210-do-not-leak';
const ask = { system: 'Answer.', prompt: 'Say hello.' };

describe('every call to a provider (post-json.ts)', () => {
  let provider: StandInProvider;
  const client = (overrides: Partial<LlmSettings> = {}) =>
    createLlmClient({
      provider: 'openai',
      baseUrl: provider.url,
      apiKey: API_KEY,
      model: 'test-model',
      timeoutMs: 2_000,
      maxRetries: 2,
      retryBaseMs: 5,
      ...overrides,
    });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable('the call should have failed'),
      (error: unknown) => {
        expect(error).toBeInstanceOf(LlmError);
        return error as LlmError;
      },
    );

  beforeAll(async () => {
    provider = await startStandInProvider();
  });
  afterAll(() => provider.close());

  it('waits as long as Retry-After says after a 429, then succeeds', async () => {
    provider.answerWith((_, index) =>
      index === 0
        ? providerError(429, 'Rate limit reached', { 'retry-after': '1' })
        : chatCompletion('hello'),
    );
    const started = performance.now();
    await expect(client().generateText(ask)).resolves.toBe('hello');
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(provider.requests).toHaveLength(2);
  });

  it('leaves a Retry-After longer than a minute to the work queue', async () => {
    provider.answerWith(() => providerError(429, 'Quota exceeded', { 'retry-after': '3600' }));
    const error = await failure(client().generateText(ask));
    expect(error).toMatchObject({
      kind: 'rate_limited',
      retryable: true,
      status: 429,
      retryAfterMs: 3_600_000,
    });
    expect(provider.requests).toHaveLength(1);
  });

  it('retries a 500 with backoff and succeeds on the third attempt', async () => {
    provider.answerWith((_, index) =>
      index < 2 ? providerError(500, 'The server had an error') : chatCompletion('hello'),
    );
    await expect(client().generateText(ask)).resolves.toBe('hello');
    expect(provider.requests).toHaveLength(3);
  });

  it('gives up after maxRetries on a 500 that persists, as a retryable provider_error', async () => {
    provider.answerWith(() => providerError(503, 'Overloaded'));
    const error = await failure(client({ maxRetries: 3 }).generateText(ask));
    expect(error).toMatchObject({
      kind: 'provider_error',
      retryable: true,
      status: 503,
      details: 'Overloaded',
      code: 'unavailable',
    });
    expect(error.message).toBe(`POST ${provider.url}/v1/chat/completions answered 503 (4 attempts)`);
    expect(provider.requests).toHaveLength(4);
  });

  it('times out a server that never answers, within the budget of all attempts', async () => {
    provider.answerWith(() => 'hang');
    const started = performance.now();
    const error = await failure(client({ timeoutMs: 150, maxRetries: 1 }).generateText(ask));
    const elapsed = performance.now() - started;
    expect(error).toMatchObject({ kind: 'timeout', retryable: true, status: undefined });
    expect(error.message).toMatch(/did not answer within 150 ms \(2 attempts\)$/);
    expect(provider.requests).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('does not retry a 401 and says to check the key', async () => {
    provider.answerWith(() => providerError(401, 'Invalid authentication'));
    const error = await failure(client().generateText(ask));
    expect(error).toMatchObject({ kind: 'provider_error', retryable: false, status: 401 });
    expect(error.hint).toMatch(/apiKey/);
    expect(provider.requests).toHaveLength(1);
  });

  it('does not retry a 400, and keeps the reason the provider gave', async () => {
    provider.answerWith(() => providerError(400, 'model "nope" not found, try pulling it first'));
    const error = await failure(client().generateText(ask));
    expect(error).toMatchObject({
      retryable: false,
      status: 400,
      details: 'model "nope" not found, try pulling it first',
    });
    expect(provider.requests).toHaveLength(1);
  });

  it('reports a closed port as unreachable and retryable', async () => {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    server.close();
    await once(server, 'close');
    const error = await failure(
      client({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 1 }).generateText(ask),
    );
    expect(error).toMatchObject({
      kind: 'unreachable',
      retryable: true,
      details: expect.stringMatching(/ECONNREFUSED/),
    });
  });

  it('never repeats the API key in a message, a hint, the details, the JSON or the cause', async () => {
    // Some providers quote the key they were given back in a 401.
    const echo = providerError(401, `Incorrect API key provided: ${API_KEY}. Find your key at example.com.`);
    const scenarios: [string, StandInHandler, Partial<LlmSettings>][] = [
      ['rejected key', () => echo, {}],
      ['outage', () => providerError(500, `upstream failed for key ${API_KEY}`), { maxRetries: 1 }],
      [
        'rate limit',
        () => providerError(429, `slow down, ${API_KEY}`, { 'retry-after': '0' }),
        { maxRetries: 1 },
      ],
      ['silence', () => 'hang', { timeoutMs: 100, maxRetries: 0 }],
      ['not an API', () => ({ body: `<html>${API_KEY}</html>` }), {}],
      ['unusable reply', () => chatCompletion(`no JSON for ${API_KEY}`), {}],
    ];
    for (const [scenario, handler, overrides] of scenarios) {
      provider.answerWith(handler);
      const llm = client(overrides);
      const error =
        scenario === 'unusable reply'
          ? await failure(
              llm.generateObject({ ...ask, schema: z.object({ a: z.string() }), schemaName: 'a' }),
            )
          : await failure(llm.generateText(ask));
      expect(provider.requests[0]?.headers.authorization, scenario).toBe(`Bearer ${API_KEY}`);
      for (const text of [
        error.message,
        error.hint,
        error.details,
        JSON.stringify(error),
        String(error.cause),
        inspect(error, { depth: 5 }),
      ]) {
        expect(text ?? '', scenario).not.toContain(API_KEY);
      }
    }
    provider.answerWith(() => echo);
    const error = await failure(client().generateText(ask));
    expect(error.details).toBe('Incorrect API key provided: [api key]. Find your key at example.com.');
  });

  it('rejects an API key that a header error could quote', () => {
    const settings = {
      provider: 'openai',
      baseUrl: provider.url,
      model: 'm',
      timeoutMs: 1,
      maxRetries: 0,
    } as const;
    let message = '';
    try {
      createLlmClient({ ...settings, apiKey: `${API_KEY}\n` });
    } catch (error) {
      message = inspect(error);
    }
    expect(message).toMatch(/printable ASCII/);
    expect(message).not.toContain(API_KEY);
  });
});
