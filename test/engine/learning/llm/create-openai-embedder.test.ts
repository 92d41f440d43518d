// The provider here is a local stand-in for a paid API: a real HTTP server on 127.0.0.1 that
// answers as an OpenAI-compatible /v1/embeddings endpoint would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiEmbedder } from '../../../../src/engine/learning/llm/create-openai-embedder.js';
import { providerError } from './support/provider-replies.js';
import {
  type ReceivedRequest,
  type StandInProvider,
  startStandInProvider,
} from './support/stand-in-provider.js';

/** A vector that says which text it came from: [length of the text, its first char code, 0.5]. */
const vectorOf = (text: string) => [text.length, text.charCodeAt(0), 0.5];

/** Answers like a real server, but lists the vectors in reverse, as `index` allows. */
function embeddings(received: ReceivedRequest) {
  const input = received.body.input as string[];
  return {
    body: {
      object: 'list',
      model: received.body.model,
      data: input.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) })).reverse(),
    },
  };
}

describe('createOpenAiEmbedder', () => {
  let provider: StandInProvider;
  const settings = () => ({
    baseUrl: provider.url,
    apiKey: 'sk-test-key',
    model: 'embed-test',
    timeoutMs: 2_000,
    maxRetries: 1,
    retryBaseMs: 5,
    batchSize: 2,
  });

  beforeAll(async () => {
    provider = await startStandInProvider();
  });
  afterAll(() => provider.close());

  it('sends texts in batches and returns the vectors in input order', async () => {
    provider.answerWith(embeddings);
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee'];
    const embedder = createOpenAiEmbedder(settings());
    const vectors = await embedder.embed(texts);
    expect(vectors).toEqual(texts.map((text) => Float32Array.from(vectorOf(text))));
    expect(vectors[0]).toBeInstanceOf(Float32Array);
    expect(provider.requests.map((sent) => sent.body.input)).toEqual([
      ['a', 'bb'],
      ['ccc', 'dddd'],
      ['eeeee'],
    ]);
    expect(provider.requests[0]).toMatchObject({
      path: '/v1/embeddings',
      headers: { authorization: 'Bearer sk-test-key' },
      body: { model: 'embed-test' },
    });
    expect(provider.requests[0]?.body).not.toHaveProperty('dimensions');
    expect(embedder).toMatchObject({ model: 'embed-test', dimensions: undefined });
  });

  it('asks for the configured dimensions and checks the vectors have them', async () => {
    provider.answerWith(embeddings);
    const embedder = createOpenAiEmbedder({ ...settings(), dimensions: 3 });
    await expect(embedder.embed(['hello'])).resolves.toHaveLength(1);
    expect(provider.requests[0]?.body.dimensions).toBe(3);

    const tooLong = createOpenAiEmbedder({ ...settings(), dimensions: 2 });
    await expect(tooLong.embed(['hello'])).rejects.toMatchObject({
      kind: 'malformed_output',
      retryable: false,
    });
  });

  it('fails when the server returns fewer vectors than texts', async () => {
    provider.answerWith((received) => {
      const reply = embeddings(received);
      reply.body.data.pop();
      return reply;
    });
    await expect(createOpenAiEmbedder(settings()).embed(['a', 'b'])).rejects.toMatchObject({
      kind: 'malformed_output',
      details: expect.stringMatching(/sent 2 texts, got 1 vectors/),
    });
  });

  it('sends nothing for no texts', async () => {
    provider.answerWith(embeddings);
    await expect(createOpenAiEmbedder(settings()).embed([])).resolves.toEqual([]);
    expect(provider.requests).toHaveLength(0);
  });

  it('retries a 5xx like the chat clients and does not retry a 4xx', async () => {
    provider.answerWith((received, index) =>
      index === 0 ? providerError(502, 'Bad gateway') : embeddings(received),
    );
    await expect(createOpenAiEmbedder(settings()).embed(['a'])).resolves.toHaveLength(1);
    expect(provider.requests).toHaveLength(2);

    provider.answerWith(() => providerError(404, 'model "embed-test" not found'));
    await expect(createOpenAiEmbedder(settings()).embed(['a'])).rejects.toMatchObject({
      kind: 'provider_error',
      status: 404,
      retryable: false,
      hint: expect.stringMatching(/baseUrl/),
    });
    expect(provider.requests).toHaveLength(1);
  });
});
