import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

describe('offline answers without the words that only say the question again', () => {
  it('leaves out what the span begins with when it restates the question', async () => {
    const messages = [
      said(
        'ada',
        'Keeping a garden journal is the secret to knowing when each bed needs water.',
        '2026-03-02',
      ),
    ];
    expect(await ask('What did Ada say about keeping a garden journal?', messages, 'ada')).toBe(
      'the secret to knowing when each bed needs water',
    );
    const opening = [said('ada', 'Still working on opening a small bakery.', '2026-03-02')];
    expect(await ask('What is Ada working on opening?', opening, 'ada')).toBe('a small bakery');
  });
});
