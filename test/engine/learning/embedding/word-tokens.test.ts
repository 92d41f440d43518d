import { describe, expect, it } from 'vitest';
import { isWordToken, wordTokens } from '../../../../src/engine/learning/embedding/word-tokens.js';

describe('wordTokens', () => {
  it('lower-cases and splits at anything but letters and digits', () => {
    expect(wordTokens('Self-care, in 2023: PAINTING sunsets!')).toEqual([
      'self',
      'care',
      'in',
      '2023',
      'painting',
      'sunsets',
    ]);
  });

  it('drops a clitic but keeps its word, with straight or curly apostrophes', () => {
    expect(wordTokens("Caroline's dog")).toEqual(['caroline', 'dog']);
    expect(wordTokens('I\u2019m at Mel\u2019s')).toEqual(['i', 'at', 'mel']);
  });

  it('drops negated contractions whole', () => {
    expect(wordTokens("I don't know, can't say")).toEqual(['i', 'know', 'say']);
  });

  it('keeps letters beyond ASCII', () => {
    expect(wordTokens('Café Zürich')).toEqual(['café', 'zürich']);
  });

  it('gives nothing for a text without words', () => {
    expect(wordTokens('')).toEqual([]);
    expect(wordTokens(' ?! -- ')).toEqual([]);
  });
});

describe('isWordToken', () => {
  it('accepts exactly what wordTokens can produce', () => {
    expect(['dog', '2023', 'café'].every(isWordToken)).toBe(true);
    expect(['Dog', "n't", 'e-mail', ',', ''].some(isWordToken)).toBe(false);
  });
});
