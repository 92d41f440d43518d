import { describe, expect, it } from 'vitest';
import { withDroppedSubject } from '../../../../src/engine/learning/offline/dropped-subject.js';
import { extractObservations } from '../../../../src/engine/learning/offline/extract-observations.js';

describe('withDroppedSubject', () => {
  it.each([
    ['Moved to Leeds last month!', 'I moved to Leeds last month!'],
    ['Just started at Deloitte.', 'I just started at Deloitte.'],
    ['Got a job at Google', 'I got a job at Google'],
  ])('reads "%s" as said of the speaker', (sentence, read) => {
    expect(withDroppedSubject(sentence)).toBe(read);
  });

  it.each([
    ['Check out my painting!'],
    ['Sounds great.'],
    ['I moved to Leeds.'],
    ['Tomas got a job at the Charité.'],
  ])('leaves "%s" as it is', (sentence) => {
    expect(withDroppedSubject(sentence)).toBe(sentence);
  });

  it('learns the fact of a sentence without its subject', async () => {
    const drafts = await extractObservations('gina', [
      {
        id: 'm1',
        peer_id: 'gina',
        content: 'Moved to Leeds last month!',
        created_at: '2026-03-02T10:00:00.000Z',
      },
    ]);
    expect(drafts.map((draft) => [draft.content, draft.cardEntry])).toEqual([
      ['Gina moved to Leeds in February 2026!', 'Lives in: Leeds'],
    ]);
  });
});
