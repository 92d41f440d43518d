/**
 * Weighted, int8-quantised word vectors: word `i` stands for `scales[i] * vectors[i * dimensions + d]`.
 * The weight (how much a word says about a text) is folded into the scale, so embedding a text
 * is a sum of rows.
 */
export type WordVectorTable = {
  readonly dimensions: number;
  /** In row order. */
  readonly words: readonly string[];
  readonly scales: Float32Array;
  /** `words.length * dimensions` values, one row per word. */
  readonly vectors: Int8Array;
  /** The length a word missing from the table is given (a typical row's). */
  readonly unknownWordNorm: number;
};

const MAGIC = 'PMWV';
const VERSION = 1;
const HEADER_BYTES = 24;

/**
 * The table as one file: a 24-byte header (magic, version, dimensions, word count, byte length of
 * the words, unknown-word norm), the words as UTF-8 separated by newlines, padding to 4 bytes,
 * the scales (float32) and the vectors (int8), all little-endian.
 */
export function encodeWordVectorTable(table: WordVectorTable): Uint8Array {
  const count = table.words.length;
  const words = new TextEncoder().encode(table.words.join('\n'));
  const scalesAt = align4(HEADER_BYTES + words.byteLength);
  const vectorsAt = scalesAt + count * 4;
  const bytes = new Uint8Array(vectorsAt + count * table.dimensions);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(MAGIC), 0);
  view.setUint32(4, VERSION, true);
  view.setUint32(8, table.dimensions, true);
  view.setUint32(12, count, true);
  view.setUint32(16, words.byteLength, true);
  view.setFloat32(20, table.unknownWordNorm, true);
  bytes.set(words, HEADER_BYTES);
  table.scales.forEach((scale, i) => {
    view.setFloat32(scalesAt + i * 4, scale, true);
  });
  bytes.set(
    new Uint8Array(table.vectors.buffer, table.vectors.byteOffset, table.vectors.byteLength),
    vectorsAt,
  );
  return bytes;
}

/** Reads a file written by {@link encodeWordVectorTable}; throws if it is not one, or is cut short. */
export function decodeWordVectorTable(bytes: Uint8Array): WordVectorTable {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < HEADER_BYTES || new TextDecoder().decode(bytes.subarray(0, 4)) !== MAGIC) {
    throw new Error('not a word vector table');
  }
  const version = view.getUint32(4, true);
  if (version !== VERSION) throw new Error(`word vector table version ${version}, expected ${VERSION}`);
  const dimensions = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  const wordBytes = view.getUint32(16, true);
  const scalesAt = align4(HEADER_BYTES + wordBytes);
  const vectorsAt = scalesAt + count * 4;
  if (bytes.byteLength !== vectorsAt + count * dimensions) {
    throw new Error(
      `word vector table has ${bytes.byteLength} bytes, expected ${vectorsAt + count * dimensions}`,
    );
  }
  const words =
    count === 0
      ? []
      : new TextDecoder().decode(bytes.subarray(HEADER_BYTES, HEADER_BYTES + wordBytes)).split('\n');
  if (words.length !== count)
    throw new Error(`word vector table lists ${words.length} words, expected ${count}`);
  const scales = new Float32Array(count);
  for (let i = 0; i < count; i++) scales[i] = view.getFloat32(scalesAt + i * 4, true);
  return {
    dimensions,
    words,
    scales,
    vectors: new Int8Array(bytes.buffer, bytes.byteOffset + vectorsAt, count * dimensions),
    unknownWordNorm: view.getFloat32(20, true),
  };
}

function align4(offset: number): number {
  return Math.ceil(offset / 4) * 4;
}
