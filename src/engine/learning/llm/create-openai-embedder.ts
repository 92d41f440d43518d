import { z } from 'zod';
import type { Embedder } from './embedder.js';
import { LlmError } from './llm-error.js';
import { OpenAiEmbedderSettings } from './openai-embedder-settings.js';
import { parseAnswer } from './parse-answer.js';
import { postJson } from './post-json.js';

const Embeddings = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number()) })),
});

/**
 * An embedder over an OpenAI-compatible `POST /v1/embeddings` (OpenAI, Ollama, vLLM, llama.cpp).
 * Texts go in batches of `batchSize`, one batch at a time so a rate limit is met by one request,
 * not many; each batch has the timeout and retries of the settings.
 */
export function createOpenAiEmbedder(settings: z.input<typeof OpenAiEmbedderSettings>): Embedder {
  const parsed = OpenAiEmbedderSettings.parse(settings);
  const url = `${parsed.baseUrl}/v1/embeddings`;
  const headers: Record<string, string> =
    parsed.apiKey === undefined ? {} : { authorization: `Bearer ${parsed.apiKey}` };

  async function embedBatch(texts: string[]): Promise<Float32Array[]> {
    const answer = await postJson({
      url,
      headers,
      settings: parsed,
      body: {
        model: parsed.model,
        input: texts,
        ...(parsed.dimensions === undefined ? {} : { dimensions: parsed.dimensions }),
      },
    });
    // Servers may answer out of order; `index` is the position in the batch.
    const data = parseAnswer(answer, Embeddings, 'OpenAI embeddings API').data.toSorted(
      (a, b) => a.index - b.index,
    );
    const expected = parsed.dimensions ?? data[0]?.embedding.length;
    const fits =
      data.length === texts.length &&
      data.every((item, position) => item.index === position && item.embedding.length === expected);
    if (!fits) {
      throw new LlmError('malformed_output', 'the embeddings endpoint did not return one vector per text', {
        retryable: false,
        details: `sent ${texts.length} texts, got ${data.length} vectors of lengths ${[
          ...new Set(data.map((item) => item.embedding.length)),
        ].join(', ')}${parsed.dimensions === undefined ? '' : ` (expected ${parsed.dimensions})`}`,
        hint: 'Check model and dimensions: the model may not shorten its vectors.',
      });
    }
    return data.map((item) => Float32Array.from(item.embedding));
  }

  return {
    model: parsed.model,
    dimensions: parsed.dimensions,
    async embed(texts) {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += parsed.batchSize) {
        vectors.push(...(await embedBatch(texts.slice(start, start + parsed.batchSize))));
      }
      return vectors;
    },
  };
}
