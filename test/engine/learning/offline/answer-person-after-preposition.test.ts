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

  // "With Theo's old flatmate": Theo is whose flatmate she is; the one moved in with is the flatmate.
  it('does not answer with the name whose someone is: "with Theo\'s old flatmate"', async () => {
    const messages = [
      said(
        'noor',
        "moving in with Bram's old flatmate in april, her name's Suvi, she's a vet nurse",
        '2026-05-01',
      ),
    ];
    expect(await ask('Who is Noor moving in with?', messages, 'noor')).toBe('Suvi');
  });

  it('answers "who?" with a relative named by whose they are when they do what is asked, with no name', async () => {
    const packing = [said('nadia', 'my mum is coming to help us pack the weekend before', '2026-07-30')];
    expect(await ask('Who is helping them pack?', packing, 'nadia')).toBe('mum');
    // A relative who does something else is no answer.
    const visiting = [said('nadia', 'my mum is coming to visit, we pack on sunday', '2026-07-30')];
    expect(await ask('Who is helping them pack?', visiting, 'nadia')).not.toBe('mum');
  });
});
