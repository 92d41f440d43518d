import { describe, expect, it } from 'vitest';
import { askSam as ask } from '../../../support/ask-offline.js';

const said = (content: string) => ({
  id: String(content.length),
  peer_id: 'sam',
  content,
  created_at: '2026-03-02T10:00:00.000Z',
});

describe('offline answers to yes/no questions', () => {
  it('answers no from evidence that denies what it says, however the denial is written', async () => {
    expect(await ask('Are tabs allowed?', [said('style rule: spaces only, NO tabs in this repo')])).toMatch(
      /^No: /,
    );
    expect(
      await ask('Can I merge to main myself?', [said("please don't merge to main without a review")]),
    ).toMatch(/^No: /);
    expect(await ask('Does Sam drink coffee?', [said('I don’t drink coffee anymore')])).toMatch(/^No: /);
    expect(await ask('Does Sam drink tea?', [said('I drink green tea every morning')])).toMatch(/^Yes: /);
  });

  it('answers no from a plan given up', async () => {
    const messages = [said('we were going to move the docs to Notion but we are keeping them in the wiki')];
    expect(await ask('Are they moving the docs to Notion?', messages)).toMatch(/^No: /);
  });
});

describe('offline answers to a question offering two things', () => {
  it('names the thing the evidence speaks of more, not "yes"', async () => {
    const messages = [
      said('I grew up by a lake and still swim there every summer'),
      said('the lake cabin is where I read most weekends'),
      said('I went skiing once and hated the cold on the slopes'),
    ];
    expect(await ask('Does Sam prefer a lake or the slopes?', messages)).toBe('lake');
    expect(await ask('Would Sam rather spend a weekend at the slopes or a lake?', messages)).toBe('lake');
  });

  it('answers yes or no as before when the evidence speaks of both alike', async () => {
    const messages = [said('I like the lake and the slopes the same, honestly')];
    expect(await ask('Does Sam like the lake or the slopes?', messages)).toMatch(/^Yes: /);
  });

  it('keeps its verdict outside the quotes that words spoken to "you" are given in', async () => {
    // The quotes keep "your party" as the speaker's words; "No" is the memory's own reading of them.
    expect(
      await ask('Is Sam going to the party?', [said("So sorry, I can't make it to your party on Saturday.")]),
    ).toBe('No: sam said: "So sorry, I can\'t make it to your party on Saturday."');
  });
});
