import { describe, expect, it } from 'vitest';
import type { AnswerRequest } from '../../../../src/engine/learning/reasoner.js';
import { askSam as ask } from '../../../support/ask-offline.js';

// Messages of one peer a month apart, the first in March 2025.
const said = (...contents: string[]): AnswerRequest['messages'] =>
  contents.map((content, i) => ({
    id: String(i),
    peer_id: 'sam',
    content,
    created_at: `2025-0${i + 3}-10T10:00:00.000Z`,
  }));

describe('a plan called off or put off, offline', () => {
  it('answers no to a plan the peer later called off, however the calling off is said', async () => {
    const trip = said(
      'We are planning a trip to Japan in October, Tokyo and then Kyoto!',
      'Sadly we cancelled the Japan trip, with the move it was just too much.',
    );
    expect(await ask('Is Sam still going to Japan in October?', trip)).toMatch(/^No\b/);
    const move = said(
      'We are moving to Toronto in March!',
      "We're not moving anymore, we're staying in Leeds.",
    );
    // The calling off shares no noun with the question, only its verb.
    expect(await ask('Is Sam moving to Toronto?', move)).toMatch(/^No\b/);
    const rome = said('We booked a week in Rome for May.', 'The Rome trip is off, my mum is ill.');
    expect(await ask('Is Sam going to Rome in May?', rome)).toMatch(/^No\b/);
    const decided = said(
      'We plan to move to Toronto next year.',
      'We decided not to move to Toronto after all.',
    );
    expect(await ask('Is Sam still moving to Toronto?', decided)).toMatch(/^No\b/);
  });

  it('answers when a plan put off now is, and no to the old date', async () => {
    const wedding = said(
      'Our wedding is on 14 June in Porto.',
      "We've postponed the wedding to next spring.",
    );
    // "next spring" said in April 2025.
    expect(await ask('When is the wedding?', wedding)).toBe('spring 2026');
    expect(await ask('When is Sam getting married?', wedding)).toBe('spring 2026');
    expect(await ask('Is the wedding still in June?', wedding)).toMatch(/^No, put off to spring 2026/);
    const pushed = said('The wedding is planned for June.', 'We pushed the wedding back to October.');
    expect(await ask('When is the wedding?', pushed)).toBe('October');
  });

  it('leaves a plan that holds, what happened, and a question about the calling off to the evidence', async () => {
    const trip = said(
      'We are planning a trip to Japan in October.',
      'Sadly we cancelled the Japan trip, with the move it was just too much.',
    );
    // The move is only the reason beside the calling off: it is not called off.
    const moved = said(
      'We moved to Berlin in July.',
      'Sadly we cancelled the Japan trip, with the move it was just too much.',
    );
    expect(await ask('Did Sam move to Berlin?', moved)).toMatch(/^Yes\b/);
    // "When did" asks of what happened, not of a plan.
    expect(await ask('When did Sam move to Berlin?', moved)).not.toMatch(/called off/i);
    expect(await ask('Did Sam cancel the Japan trip?', trip)).toMatch(/^Yes\b/);
    // "Off to Ireland" is a plan going ahead.
    const ireland = said('In February 2026, I am off to Ireland for a semester.');
    expect(await ask('When will Sam leave for Ireland?', ireland)).toBe('February 2026');
    expect(await ask('Is Sam going to Japan?', said('We are planning a trip to Japan in October.'))).toMatch(
      /^Yes\b/,
    );
  });
});
