import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

describe('offline answers listing many things', () => {
  it('lists every thing one sentence names, not only its first', async () => {
    const messages = [
      said(
        'ada',
        'At the fair I won a teddy bear, a goldfish and a paper lantern for my niece!',
        '2024-06-02',
      ),
      said('ada', 'I won a raffle ticket at the fair too.', '2024-06-09'),
    ];
    const answer = await ask('What prizes has Ada won at the fair?', messages, 'ada');
    expect(answer).toContain('teddy bear');
    expect(answer).toContain('goldfish');
    expect(answer).toContain('paper lantern');
  });
});

describe('offline answers listing places', () => {
  it('answers "which cities?" with the places named, though no word of the question is said', async () => {
    const messages = [
      said(
        'tariq',
        'Spent the long weekend in Lisbon, the pastries alone were worth the flight.',
        '2024-03-04',
      ),
      said('tariq', 'Work sent me to Berlin for a conference, I barely left the hotel.', '2024-05-20'),
      said('tariq', 'My sister bought a new car last week.', '2024-05-22'),
    ];
    const answer = await ask('Which cities has Tariq been to?', messages, 'tariq');
    expect(answer).toContain('Lisbon');
    expect(answer).toContain('Berlin');
    expect(answer).not.toMatch(/pastries|conference|hotel/);
  });

  it('answers with one place when the evidence names only one', async () => {
    const messages = [
      said('tariq', 'We rented a cabin in Norway over the summer and saw the fjords.', '2024-08-30'),
      said('tariq', 'The cabin had no wifi which was honestly great.', '2024-08-30'),
    ];
    expect(await ask('What countries has Tariq travelled to?', messages, 'tariq')).toBe('Norway');
  });
});
