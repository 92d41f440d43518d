import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../../../src/engine/learning/offline/answer-question.js';
import { findCardFacts } from '../../../../src/engine/learning/offline/card-facts.js';
import { extractObservations } from '../../../../src/engine/learning/offline/extract-observations.js';
import { said } from './ask-offline.js';

// Card facts as people text them: a move from one city to another, a rented flat, a promotion.
describe('card facts from chat', () => {
  it.each([
    ['We moved from Glasgow to Bristol in March.', 'Lives in: Bristol'],
    ['my partner and I relocated from Lyon to Nantes last year', 'Lives in: Nantes'],
    ["I'm renting a flat in Cardiff with two friends", 'Lives in: Cardiff'],
    ['I got promoted to head chef at Rosa last week!!', 'Works as: head chef at Rosa'],
    [
      "I'm teaching chemistry at a sixth form college now",
      'Works as: teaching chemistry at a sixth form college',
    ],
    ["I'm starting at a bakery called Crumbs in june", 'Works at: Crumbs'],
    // Contracted forms of the verbs the patterns were written for.
    ["I've been living in Dublin for six years", 'Lives in: Dublin'],
    ["I've got a dog called Mochi", 'Dog: Mochi'],
    ["I'm married to Jana, we have two girls", 'Relationship: married to Jana'],
    [
      "I'm still teaching maths at the high school till the summer",
      'Works as: teaching maths at the high school',
    ],
    // A time after the role is no part of it; nor "the" of "the Amsterdam flat" of the city.
    ["I'm joining Intercom as head of delivery in June", 'Works as: head of delivery at Intercom'],
    ['I moved into the Amsterdam flat finally', 'Lives in: Amsterdam'],
    // An animal taken in, named with its breed.
    ['we adopted a rescue greyhound named Biscotti last weekend', 'Greyhound: Biscotti'],
  ])('%s', (clause, entry) => {
    expect(findCardFacts(clause).map((fact) => fact.entry)).toContain(entry);
  });

  it('learns a card fact said in fewer words than a statement needs ("I\'m vegan."), and nothing from small talk as short', async () => {
    const cardOf = async (content: string) =>
      (
        await extractObservations('kim', [
          { id: 'm1', peer_id: 'kim', content, created_at: '2026-05-04T10:00:00.000Z' },
        ])
      ).map((draft) => draft.cardEntry);
    expect(await cardOf("I'm vegan.")).toEqual(['Diet: vegan']);
    expect(await cardOf("I'm 29 btw")).toEqual(['Age: 29']);
    expect(await cardOf("I'm here.")).toEqual([]);
  });

  it('reads the place after "from" as no home of now', () => {
    const entries = findCardFacts('We moved from Glasgow to Bristol in March.').map((fact) => fact.entry);
    expect(entries).not.toContain('Lives in: Glasgow');
  });

  it("answers of a relative from the evidence, never from the peer's own card", async () => {
    const answer = await answerQuestion({
      question: 'Where does her brother live?',
      peer: 'ayla',
      about: 'ayla',
      observations: [],
      slotFacts: [
        {
          content: 'Ayla lives in Bath.',
          slot: 'lives_in',
          cardEntry: 'Lives in: Bath',
          current: true,
          occurredAt: null,
        },
      ],
      messages: [
        said('ayla', 'I live in Bath now', '2026-02-01'),
        said('ayla', 'my brother lives in Dundee, miles away', '2026-02-02'),
      ],
      level: 'low',
    });
    expect(answer).toBe('Dundee');
  });
});
