import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

// "Who … to / from / with / by?": the person named after the question's verb and preposition,
// not the first person the sentence names.
describe('offline answers to "who?" that end in a preposition', () => {
  it('answers "moved … to" with the person after "to", not someone named before', async () => {
    const messages = [
      said(
        'noor',
        "Petra's off on leave so I've switched your lessons to Ingrid from next week",
        '2026-05-01',
      ),
    ];
    expect(await ask('Who were the lessons switched to?', messages, 'noor')).toBe('Ingrid');
  });

  it('reads a verb with a particle before the preposition: "handed … over to"', async () => {
    const messages = [
      said('noor', 'Tobias is off sick, so I handed the keys over to Raj this morning', '2026-05-01'),
    ];
    expect(await ask('Who did you hand the keys over to?', messages, 'noor')).toBe('Raj');
  });

  it('answers a passive "was assigned to"', async () => {
    const messages = [said('noor', 'since Bruno left, the audit was assigned to Kim', '2026-05-01')];
    expect(await ask('Who was the audit assigned to?', messages, 'noor')).toBe('Kim');
  });

  it('answers "from", "with" and "by" the same way', async () => {
    const borrowed = [said('noor', 'Leon was out so I borrowed the ladder from Ola', '2026-05-01')];
    expect(await ask('Who did you borrow the ladder from?', borrowed, 'noor')).toBe('Ola');
    const hiked = [said('noor', 'Benji stayed home and I went hiking with Greta', '2026-05-01')];
    expect(await ask('Who did you go hiking with?', hiked, 'noor')).toBe('Greta');
    const painted = [said('noor', "the mural next to Ana's bakery was painted by Luis", '2026-05-01')];
    expect(await ask('Who was the mural painted by?', painted, 'noor')).toBe('Luis');
  });

  // A name's possessive after the preposition names whose relation the person is, not the person.
  it("answers \"with Theo's old flatmate, her name's Priti\" with the flatmate's name, not Theo", async () => {
    const messages = [
      said('noor', "I'm moving in with Theo's old flatmate in april, her name's Priti", '2026-05-01'),
    ];
    expect(await ask('Who is Noor moving in with?', messages, 'noor')).toBe('Priti');
  });
});
