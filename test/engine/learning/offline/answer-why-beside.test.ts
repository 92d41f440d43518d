import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

describe('offline answers to "why?" told beside the act', () => {
  it('reads the clause after the act when the sentence gives no "because"', async () => {
    const messages = [
      said(
        'maria',
        'I have to pause my swimming lessons for 3 weeks, sprained my wrist on the stairs',
        '2026-05-04',
      ),
    ];
    expect(await ask('Why did Maria pause the swimming lessons?', messages)).toContain('wrist');
  });

  it('reads the sentence after the act in the same message', async () => {
    const messages = [
      said(
        'maria',
        'Hello again, we chose to close the shared account. The landlord sold the building last week',
        '2026-05-04',
      ),
    ];
    expect(await ask('Why did Maria close the shared account?', messages)).toContain('landlord');
  });

  it('passes over a clause that only goes on from the act', async () => {
    const messages = [
      said(
        'maria',
        'I sold the road bike, which was a shame. My knees cannot take the hills these days',
        '2026-05-04',
      ),
    ];
    expect(await ask('Why did Maria sell the road bike?', messages)).toContain('knees');
  });

  it('still reads a cause said with "caused by" in the sentence itself', async () => {
    const messages = [
      said('maria', 'the outage was caused by an expired certificate, I renewed it at noon', '2026-05-04'),
    ];
    expect(await ask('What caused the outage?', messages)).toContain('expired certificate');
  });

  it('reads no reason in when a thing was booked for', async () => {
    const messages = [
      said('maria', 'We reserved a cabin in the Tatras for August, so looking forward!', '2026-03-02'),
    ];
    expect(await ask('Why did Maria reserve a cabin?', messages)).not.toBe('August');
    const weekend = [said('maria', 'I rented a van for the weekend', '2026-03-02')];
    expect(await ask('Why did Maria rent a van?', weekend)).not.toBe('weekend');
  });

  it('never answers with only the words of the question, but with the sentence that may tell why', async () => {
    const messages = [
      said('maria', "my cousin Ola is joining us, she's coeliac so we need a gluten-free menu", '2026-03-02'),
    ];
    const answer = await ask('Why do they need a gluten-free menu?', messages);
    expect(answer).not.toBe('a gluten-free menu');
    expect(answer).toContain('coeliac');
  });

  it('answers why a plan was called off from the message that calls it off, not the one that made it', async () => {
    const trip = [
      said('leo', "we're thinking of going to Lisbon for Easter, flights are cheap", '2026-01-10'),
      said('leo', "Lisbon is off, Marta broke her ankle 😩 we'll go in the autumn instead", '2026-03-20'),
    ];
    expect(await ask('Why was the Lisbon trip cancelled?', trip, 'leo')).toContain('ankle');
  });
});
