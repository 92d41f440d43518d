import { describe, expect, it } from 'vitest';
import { withDroppedSubject } from '../../../../src/engine/learning/offline/dropped-subject.js';
import { extractObservations } from '../../../../src/engine/learning/offline/extract-observations.js';

const cardOf = async (...contents: string[]) =>
  (
    await extractObservations(
      'sofia',
      contents.map((content, i) => ({
        id: String(i),
        peer_id: 'sofia',
        content,
        created_at: '2026-05-20T19:00:00.000Z',
      })),
    )
  )
    .map((draft) => draft.cardEntry)
    .filter((entry) => entry !== null);

describe('a subject chat drops', () => {
  it('is given back to the verbs of a fact a card keeps', () => {
    expect(withDroppedSubject('joining Intercom as head of delivery in June')).toBe(
      "I'm joining Intercom as head of delivery in June",
    );
    expect(withDroppedSubject('update: Married to Jana')).toBe("update: I'm married to Jana");
    expect(withDroppedSubject('just moved to Leith, boxes everywhere')).toBe(
      'I just moved to Leith, boxes everywhere',
    );
    // "Retired last year": with a time, the past of a verb.
    expect(withDroppedSubject('Retired last year after 30 years on the buses')).toBe(
      'I retired last year after 30 years on the buses',
    );
  });

  it('is not given to other words, nor to a clause that has one', () => {
    expect(withDroppedSubject('left turn at the lights, then straight on')).toBe(
      'left turn at the lights, then straight on',
    );
    expect(withDroppedSubject('moving on, the meeting is at 3')).toBe('moving on, the meeting is at 3');
    expect(withDroppedSubject('Tomas got a job at the Charité')).toBe('Tomas got a job at the Charité');
  });

  it('lets a card learn what the clause states', async () => {
    // "I quit Stripe! joining Intercom …": the new job is no one else's.
    expect(await cardOf('update: I quit Stripe! joining Intercom as head of delivery in June')).toContain(
      'Works as: head of delivery at Intercom',
    );
    expect(await cardOf('moved into the Amsterdam flat finally, boxes everywhere')).toContain(
      'Lives in: Amsterdam',
    );
  });
});
