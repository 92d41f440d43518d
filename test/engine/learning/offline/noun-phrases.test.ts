import { describe, expect, it } from 'vitest';
import { newNounPhrase, throughFirstNoun } from '../../../../src/engine/learning/offline/noun-phrases.js';
import { lemmaWords } from '../../../../src/engine/learning/offline/verb-lemmas.js';

const asked = (question: string) => new Set(lemmaWords(question));

describe('newNounPhrase', () => {
  it('names the first thing the question did not, without its determiner', () => {
    expect(
      newNounPhrase(
        'Caroline was out walking in her neighborhood when she came across this cool rainbow sidewalk.',
        asked('What did Caroline find in her neighborhood during her walk?'),
      ),
    ).toBe('cool rainbow sidewalk');
  });

  it('passes over pronouns and a name said to the listener, and keeps a coordination whole', () => {
    expect(newNounPhrase("Thanks, Mel! We've got a pup and a kitty.", asked('What pets do you have?'))).toBe(
      'pup and a kitty',
    );
  });

  it('passes over dates, words naming no thing of their own, and a contracted verb', () => {
    expect(newNounPhrase('Last year I saw this pic of a lighthouse.', asked('What did you see?'))).toBe(
      'lighthouse',
    );
    // "others" is in what the answers take as asked: "Ada and others" is how learning writes "we".
    expect(
      newNounPhrase("Ada and others're learning pottery.", asked('What are Ada and others learning?')),
    ).toBe('pottery');
  });

  it('is null when every thing named repeats the question', () => {
    expect(newNounPhrase('The workshop was great.', asked('What workshop was great?'))).toBeNull();
  });
});

describe('throughFirstNoun', () => {
  it("ends a verb's object with its first noun phrase", () => {
    expect(throughFirstNoun('vegan ice cream and shared it with some friends')).toBe('vegan ice cream');
    expect(throughFirstNoun('a doggy playdate with the neighbors')).toBe('a doggy playdate');
  });

  it('reads on past a pronoun', () => {
    expect(throughFirstNoun('it with coconut milk so it is lactose-free')).toBe('it with coconut milk');
  });

  it('keeps a phrase that names nothing as it is', () => {
    expect(throughFirstNoun('really fast')).toBe('really fast');
  });
});
