import { describe, expect, it } from 'vitest';
import { withDroppedSubject } from '../../../../src/engine/learning/offline/dropped-subject.js';
import { extractObservations } from '../../../../src/engine/learning/offline/extract-observations.js';

// Chat leaves out the speaker's "I" ("got promoted!!"): the clause is still the speaker's fact.
describe('withDroppedSubject', () => {
  it.each([
    [
      'hey so quick update, got promoted to senior analyst at Deloitte',
      'I got promoted to senior analyst at Deloitte',
    ],
    ['news from me: moving in with a friend in april', "I'm moving in with a friend in april"],
    ['handed in my notice today!!', 'I handed in my notice today!!'],
    ['just started at a bakery', 'I just started at a bakery'],
    // What one is, which the tagger reads as a past: "I'm", not "I".
    ['based in Leipzig', "I'm based in Leipzig"],
    ['update: Married to Jana', "I'm married to Jana"],
    // A capital opens a clause that leaves out "I" as well.
    ['Retired last year after 30 years on the buses', 'I retired last year after 30 years on the buses'],
    ['left Infosys in March', 'I left Infosys in March'],
  ])('reads "%s" as "%s"', (clause, read) => {
    expect(withDroppedSubject(clause)).toBe(read);
  });

  it.each([
    ['rent is way cheaper tho'],
    ['works nights at the Royal mostly'],
    // An "-ing" opening with a verb of its own is that verb's subject.
    ['Moving house is stressful'],
    // A lead with a verb of its own is a clause of someone else's.
    ['the kids loved the beach, played all day'],
    ['I got promoted'],
    // "left" with no place left is a direction.
    ['left turn at the lights, then straight on'],
    ['Tomas got a job at the Charité'],
  ])('leaves "%s" as it is', (clause) => {
    expect(withDroppedSubject(clause)).toBeNull();
  });

  it('learns the job of a speaker who leaves out "I"', async () => {
    const drafts = await extractObservations('priya', [
      {
        id: 'm1',
        peer_id: 'priya',
        content: 'hey so quick update, got promoted to senior analyst at Deloitte last week!!',
        created_at: '2025-02-03T19:02:00.000Z',
      },
    ]);
    expect(drafts.map((draft) => draft.cardEntry)).toContain('Works as: senior analyst at Deloitte');
  });

  it('learns a new job and a new home said without "I"', async () => {
    const cardOf = async (content: string) =>
      (
        await extractObservations('sofia', [
          { id: 'm1', peer_id: 'sofia', content, created_at: '2026-05-20T19:00:00.000Z' },
        ])
      ).map((draft) => draft.cardEntry);
    expect(await cardOf('update: I quit Stripe! joining Intercom as head of delivery in June')).toContain(
      'Works as: head of delivery at Intercom',
    );
    expect(await cardOf('moved into the Amsterdam flat finally, boxes everywhere')).toContain(
      'Lives in: Amsterdam',
    );
  });
});
