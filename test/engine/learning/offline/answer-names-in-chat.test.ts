import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

// Names asked for in family chat: the one given, never the one the question names itself.
describe('offline answers to "what is the name of…?"', () => {
  it('answers with the name given, not the people the sentence or the question names', async () => {
    const messages = [
      said('noor', 'my brother Karim and his wife Lea had a boy, they named him Sami', '2026-05-01'),
    ];
    expect(await ask("What is the name of Karim's son?", messages, 'noor')).toBe('Sami');
  });

  it('never answers with the name the question asks about', async () => {
    const messages = [
      said('noor', 'Dina is back for the holidays, her roommate Joss drove her home', '2026-05-01'),
    ];
    expect(await ask("What is the name of Dina's roommate?", messages, 'noor')).toBe('Joss');
  });
});
