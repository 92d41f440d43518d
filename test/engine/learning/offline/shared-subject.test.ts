import { describe, expect, it } from 'vitest';
import { extractObservations } from '../../../../src/engine/learning/offline/extract-observations.js';
import { splitSharedSubject } from '../../../../src/engine/learning/offline/shared-subject.js';

describe('splitSharedSubject', () => {
  it.each([
    ['I live in Lisbon and work as a teacher.', ['I live in Lisbon.', 'I work as a teacher.']],
    [
      'so quick intro: I live in Lisbon and work as a teacher',
      ['so quick intro: I live in Lisbon.', 'I work as a teacher.'],
    ],
    ['I moved to Berlin and started a new job.', ['I moved to Berlin.', 'I started a new job.']],
    ['we use dbt and never write SQL views', ['we use dbt.', 'we never write SQL views.']],
  ])('gives the speaker to each fact of "%s"', (clause, parts) => {
    expect(splitSharedSubject(clause)).toEqual(parts);
  });

  it.each([
    ['I love pasta and pizza.'],
    ['I go hiking and swimming on weekends.'],
    ['I have a dog and two cats.'],
    ['My wife and I moved to Porto.'],
    ['Tomas and Lina went to the zoo.'],
  ])('keeps "%s" whole: what "and" joins there is no second fact', (clause) => {
    expect(splitSharedSubject(clause)).toEqual([clause]);
  });
});

describe('extractObservations, of a compound sentence', () => {
  it('keeps both facts of "I live in Lisbon and work as a teacher", each on the card', async () => {
    const drafts = await extractObservations('joao', [
      {
        id: 'm1',
        peer_id: 'joao',
        content: 'I live in Lisbon and work as a teacher at a secondary school.',
        created_at: '2026-02-03T10:00:00.000Z',
      },
    ]);
    expect(drafts.map((draft) => draft.cardEntry)).toEqual([
      'Lives in: Lisbon',
      'Works as: teacher at a secondary school',
    ]);
    expect(drafts.map((draft) => draft.content)).toEqual([
      'Joao lives in Lisbon.',
      'Joao works as a teacher at a secondary school.',
    ]);
  });
});
