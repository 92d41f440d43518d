import { describe, expect, it } from 'vitest';
import { describingWords } from '../../../../src/engine/learning/offline/describing-words.js';
import { lemmaWords } from '../../../../src/engine/learning/offline/verb-lemmas.js';

const asked = (question: string) => new Set(lemmaWords(question));

describe('describingWords', () => {
  it('gives the words a sentence describes with, joined as said', () => {
    expect(
      describingWords('he was so friendly and playful!', asked('How did Audrey describe the dog?')),
    ).toBe('friendly and playful');
  });

  it('leaves out words that count rather than describe, and words the question said', () => {
    expect(
      describingWords(
        'The team bond is awesome and it makes all the hard work worth it.',
        asked('How did John describe the team bond? Was it hard?'),
      ),
    ).toBe('awesome');
  });

  it('is null when the sentence describes nothing', () => {
    expect(describingWords('We went there on Monday.', asked('How was the trip?'))).toBeNull();
  });
});
