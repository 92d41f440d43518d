import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

describe('answerQuestion, offline: settings a project gives its things', () => {
  it('answers a setting asked of by its name with the value said after it', async () => {
    const messages = [
      said('ines', 'eslint runs with a max depth of 4 on every file', '2026-06-02'),
      said('ines', 'heads up: the workers are on Python 3.12 since Monday', '2026-06-03'),
    ];
    expect(await ask('What max depth does eslint allow?', messages, 'ines')).toBe('4');
    expect(await ask('Which Python are the workers on?', messages, 'ines')).toBe('3.12');
  });
});
