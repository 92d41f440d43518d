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
