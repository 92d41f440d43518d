import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

// Evidence that answers a question without its words: people say where they live, what they
// study or what pet they have in words of their own.
describe('offline answers from evidence said in other words', () => {
  it('reads evidence that speaks of the slot asked of, though it shares no word of the question', async () => {
    // "Where does she live?" shares no word with a move; "what is she studying?" none with a PhD.
    expect(
      await ask(
        'What is Mei studying?',
        [
          said(
            'mei',
            'Started my PhD in marine biology at the University of Bergen this autumn.',
            '2025-10-05',
          ),
        ],
        'mei',
      ),
    ).toContain('marine biology');
  });

  it('answers where one lives now with the place moved to, and before with the place left', async () => {
    const moved = [
      said('ana', "Quick update: we finally moved out of Manchester, we're in Leeds now.", '2026-03-02'),
    ];
    expect(await ask('Where does Ana live?', moved, 'ana')).toBe('Leeds');
    expect(await ask('Where did Ana live before?', moved, 'ana')).toBe('Manchester');
  });

  it("does not read a relative's home as the peer's", async () => {
    expect(
      await ask(
        'Where does Lucia live?',
        [said('lucia', 'My mum runs a bakery back home in Valencia.', '2026-04-03')],
        'lucia',
      ),
    ).toBeNull();
  });

  it('finds a dog said as its breed, but not a son said as a daughter', async () => {
    const pets = [said('ana', 'We adopted a beagle called Pickle last weekend.', '2026-03-09')];
    expect(await ask("What is the name of Ana's dog?", pets, 'ana')).toBe('Pickle');
    expect(
      await ask(
        "What is the name of Raj's son?",
        [said('raj', 'Our daughter Asha starts school in September.', '2026-03-09')],
        'raj',
      ),
    ).toBeNull();
  });

  it('answers "what kind of pet / which instrument?" with the kind the evidence names', async () => {
    expect(
      await ask(
        'What kind of pet does Tom have?',
        [said('tom', 'We got a spaniel puppy for the kids, his name is Biscuit.', '2026-02-01')],
        'tom',
      ),
    ).toBe('spaniel puppy');
    expect(
      await ask(
        'What instrument is Mei learning?',
        [said('mei', "I've been learning the cello since the spring, it's hard!", '2026-05-01')],
        'mei',
      ),
    ).toBe('cello');
  });

  it('answers what food to avoid for someone with the allergy or diet they told of, in words the question does not use', async () => {
    const allergy = [
      said('maria', "We live in Berlin with our daughter Lina, she's 6.", '2025-09-01'),
      said('maria', 'I have a peanut allergy.', '2025-09-02'),
    ];
    expect(
      await ask('What food should I avoid when suggesting recipes to Maria?', allergy, 'maria'),
    ).toContain('peanut');
    // "allergic" and "allergy" are one word to a question, though their stems differ.
    expect(await ask('Is Maria allergic to anything?', allergy, 'maria')).toContain('peanut');
    // Nothing said of what she eats: no answer, not her daughter's age.
    expect(
      await ask(
        'What food should I avoid when cooking for Maria?',
        [said('maria', "We live in Berlin with our daughter Lina, she's 6.", '2025-09-01')],
        'maria',
      ),
    ).toBeNull();
  });
});
