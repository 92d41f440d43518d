import { describe, expect, it } from 'vitest';
import { sentencePieces } from '../../../../src/engine/learning/offline/sentence-pieces.js';
import { ask, said } from './ask-offline.js';

// A help desk: what a customer and an agent say to each other, in the way they write it.
describe('offline answers from a help desk', () => {
  it('keeps a sentence whole at an abbreviation before a number', () => {
    expect([...sentencePieces('please send it to Kantstr. 4, 10623 Berlin instead')]).toHaveLength(1);
    expect([...sentencePieces('call me on ext. 2231 tomorrow. Thanks!')]).toHaveLength(2);
  });
});

describe('offline answers from a help desk: who knows what', () => {
  it("answers from the agent's own words of an act, though the customer spoke of the same thing", async () => {
    const messages = [
      said('noor', 'the standing desk arrived this morning but the motor is dead', '2026-05-04'),
      said('noor', 'honestly I just need a desk that goes up and down.', '2026-05-04'),
      said('kai', 'Sorted: our driver will collect the faulty one on Tuesday.', '2026-05-04'),
    ];
    // Kai's words of the desk tie with Noor's "I just need a desk", but they speak to no one: Kai's own knowledge.
    expect(await ask('Will they take away the faulty desk?', messages, 'kai')).toMatch(/^Yes/);
  });
});
