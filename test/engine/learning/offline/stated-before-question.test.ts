import { describe, expect, it } from 'vitest';
import { extractObservations } from '../../../../src/engine/learning/offline/extract-observations.js';
import { statedBeforeQuestion } from '../../../../src/engine/learning/offline/stated-before-question.js';

describe('statedBeforeQuestion', () => {
  it.each([
    [
      "hi, I'm on the Pro plan (annual) but we're only 2 people using it, can I downgrade?",
      "hi, I'm on the Pro plan (annual) but we're only 2 people using it",
    ],
    [
      'my March subscription was charged twice, can you refund one of them?',
      'my March subscription was charged twice',
    ],
    [
      'hi, just got a text saying delivery is now 2 April??',
      'hi, just got a text saying delivery is now 2 April',
    ],
  ])('keeps what "%s" tells before it asks', (sentence, told) => {
    expect(statedBeforeQuestion(sentence)).toBe(told);
  });

  it.each([
    ['Can you confirm the delivery address is still 22 Harrow Lane, Bristol BS3 4QT?'],
    ['great. and we go from annual billing to monthly, right?'],
    ['quick one, can you help?'],
    ['and can you take the broken one away when you come?'],
  ])('reads nothing told in "%s", which only asks', (sentence) => {
    expect(statedBeforeQuestion(sentence)).toBeNull();
  });
});

describe('extractObservations, of a sentence that ends with a question', () => {
  it('learns what the sentence tells before it asks', async () => {
    const drafts = await extractObservations('priyanka', [
      {
        id: 'm1',
        peer_id: 'priyanka',
        content: "hi, I'm on the Pro plan (annual) but we're only 2 people using it, can I downgrade?",
        created_at: '2026-04-22T13:00:00.000Z',
      },
    ]);
    expect(drafts.map((draft) => draft.content).join(' ')).toContain('Pro plan');
  });
});
