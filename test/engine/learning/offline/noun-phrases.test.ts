import { describe, expect, it } from 'vitest';
import { newNounPhrase, throughFirstNoun } from '../../../../src/engine/learning/offline/noun-phrases.js';
import { lemmaWords } from '../../../../src/engine/learning/offline/verb-lemmas.js';

const asked = (question: string) => new Set(lemmaWords(question));

describe('newNounPhrase', () => {
  it('passes over a phrase that only describes the thing the question names, and a time said relative to its day', () => {
    // "Great news" tells nothing "what exciting news…?" did not; the news is what comes after it.
    expect(
      newNounPhrase(
        'Maria got some great news to share - Maria joined a gym!',
        asked('What exciting news did Maria share?'),
      ),
    ).toBe('gym');
    // "A few years ago" places the tattoo in time, so "tattoo" alone repeats the question.
    expect(
      newNounPhrase(
        'Got the tattoo a few years ago, it stands for freedom.',
        asked('What does the tattoo symbolize?'),
      ),
    ).toBe('freedom');
    expect(
      newNounPhrase('I went to a poetry reading last Fri - it was powerful!', asked('What did she do?')),
    ).toBe('poetry reading');
    // A list asks for things of the kind it names: each may end with that noun.
    expect(
      newNounPhrase(
        'I joined a marching event for veterans.',
        asked('What events has she been to?'),
        new Set(),
      ),
    ).toBe('marching event');
  });

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
