import { describe, expect, it } from 'vitest';
import { sentencePieces } from '../../../../src/engine/learning/offline/sentence-pieces.js';
import { ask, said } from './ask-offline.js';

// A help desk: what a customer and an agent say to each other, in the way they write it.
describe('offline answers from a help desk', () => {
  it('keeps a sentence whole at an abbreviation before a number', () => {
    expect([...sentencePieces('please send it to Kantstr. 4, 10623 Berlin instead')]).toHaveLength(1);
    expect([...sentencePieces('call me on ext. 2231 tomorrow. Thanks!')]).toHaveLength(2);
  });

  it("answers a question that names no one from an agent's words to the customer, when nothing else fits", async () => {
    const messages = [
      said('li', "My laptop screen has a line of dead pixels, it's 8 months old.", '2026-06-01'),
      said('pablo', "Thanks Li, that's covered by the 2 year warranty.", '2026-06-01'),
    ];
    expect(await ask('How long is the warranty?', messages, 'pablo')).toBe('2 year');
    // A question that names someone is about them: words to Li are no answer of Pablo's own.
    expect(await ask("How long is Pablo's warranty?", messages, 'pablo')).toBeNull();
  });
});
