import { describe, expect, it } from 'vitest';
import { toThirdPerson } from '../../../../src/engine/learning/offline/third-person.js';

describe('toThirdPerson', () => {
  it.each([
    ['I love hiking with my dog.', "Caroline loves hiking with Caroline's dog."],
    // "we're" is "we are": not "Caroline and others're".
    ["We're in Leeds now.", 'Caroline and others are in Leeds now.'],
    ["we've got a beagle called Pickle.", 'Caroline and others have got a beagle called Pickle.'],
    ["We'll fly to Lisbon in June.", 'Caroline and others will fly to Lisbon in June.'],
    ["we'd rather stay home.", 'Caroline and others would rather stay home.'],
  ])('%s', (sentence, expected) => {
    expect(toThirdPerson(sentence, 'Caroline')).toBe(expected);
  });

  it('quotes a sentence that speaks to its listener instead of rewriting it', () => {
    expect(toThirdPerson('We need you to call us back.', 'Caroline')).toBe(
      'Caroline said: "We need you to call us back."',
    );
  });
});
