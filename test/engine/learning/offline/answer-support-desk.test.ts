import { describe, expect, it } from 'vitest';
import { sentencePieces } from '../../../../src/engine/learning/offline/sentence-pieces.js';
import { ask, said } from './ask-offline.js';

// A help desk: what a customer and an agent say to each other, in the way they write it.
describe('offline answers from a help desk', () => {
  it('keeps a sentence whole at an abbreviation before a number', () => {
    expect([...sentencePieces('please send it to Kantstr. 4, 10623 Berlin instead')]).toHaveLength(1);
    expect([...sentencePieces('call me on ext. 2231 tomorrow. Thanks!')]).toHaveLength(2);
  });
});
