import { describe, expect, it } from 'vitest';
import {
  decodeWordVectorTable,
  encodeWordVectorTable,
  type WordVectorTable,
} from '../../../../src/engine/learning/embedding/word-vector-table.js';

const table: WordVectorTable = {
  dimensions: 3,
  // An odd byte length of the words puts the scales after padding.
  words: ['dog', 'café', 'the'],
  scales: Float32Array.from([0.5, 0.25, 0]),
  vectors: Int8Array.from([127, -128, 0, 1, 2, 3, 0, 0, 0]),
  unknownWordNorm: 4.5,
};

describe('encodeWordVectorTable / decodeWordVectorTable', () => {
  it('reads back what it wrote', () => {
    const decoded = decodeWordVectorTable(encodeWordVectorTable(table));
    expect(decoded.dimensions).toBe(3);
    expect(decoded.words).toEqual(['dog', 'café', 'the']);
    expect(Array.from(decoded.scales)).toEqual([0.5, 0.25, 0]);
    expect(Array.from(decoded.vectors)).toEqual([127, -128, 0, 1, 2, 3, 0, 0, 0]);
    expect(decoded.unknownWordNorm).toBe(4.5);
  });

  it('reads a table that does not start at the beginning of its buffer', () => {
    const bytes = encodeWordVectorTable(table);
    const shifted = new Uint8Array(bytes.byteLength + 1);
    shifted.set(bytes, 1);
    expect(decodeWordVectorTable(shifted.subarray(1)).words).toEqual(table.words);
  });

  it('reads an empty table', () => {
    const empty = { ...table, words: [], scales: new Float32Array(0), vectors: new Int8Array(0) };
    expect(decodeWordVectorTable(encodeWordVectorTable(empty)).words).toEqual([]);
  });

  it('refuses a file that is not a table, or is cut short', () => {
    const bytes = encodeWordVectorTable(table);
    expect(() => decodeWordVectorTable(new TextEncoder().encode('{"words": []}'))).toThrow(
      'not a word vector table',
    );
    expect(() => decodeWordVectorTable(bytes.subarray(0, bytes.byteLength - 1))).toThrow(/expected/);
  });
});
