import { describe, expect, it } from 'vitest';
import { countPieceTokens, decodeTokenRanks, encodeTokenRanks } from '../../src/engine/token-ranks.js';

const bytesOf = (text: string) => new TextEncoder().encode(text);

// A small encoding: the four letters, then merges in rank order; rank 5 is unused.
const TOKENS = ['a', 'b', 'c', 'd', 'ab', '', 'cd', 'abcd', 'bc'].map(bytesOf);

describe('token table', () => {
  const ranks = decodeTokenRanks(encodeTokenRanks(TOKENS));

  it('finds the rank of every token written, and none for other bytes', () => {
    TOKENS.forEach((token, rank) => {
      if (token.byteLength > 0) expect(ranks(token, 0, token.byteLength)).toBe(rank);
    });
    for (const other of ['', 'ba', 'abc', 'e', 'abcde'])
      expect(ranks(bytesOf(other), 0, other.length)).toBe(-1);
    expect(ranks(bytesOf('xxabyy'), 2, 4)).toBe(4);
  });

  it('merges the lowest-ranked pair first, leftmost on a tie', () => {
    const count = (text: string) => countPieceTokens(ranks, bytesOf(text), text.length);
    // ab (4) before bc (8): ab, cd, then abcd.
    expect(count('abcd')).toBe(1);
    // bc would join b and c, but ab ranks lower and takes the b: ab, c.
    expect(count('abc')).toBe(2);
    expect(count('abab')).toBe(2);
    expect(count('dcba')).toBe(4);
    expect(count('')).toBe(0);
    expect(count('z')).toBe(1);
  });

  it('refuses a file that is not a token table, or one cut short', () => {
    expect(() => decodeTokenRanks(bytesOf('not a table at all'))).toThrow('not a token table');
    const file = encodeTokenRanks(TOKENS);
    expect(() => decodeTokenRanks(file.subarray(0, file.byteLength - 1))).toThrow('cut short');
  });
});
