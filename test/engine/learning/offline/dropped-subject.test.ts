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
});
