import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

// One sentence that gives two things their values in the same frame, as teams write settings down.
describe('answerQuestion, offline: clauses said side by side', () => {
  it('answers from the clause the question names, not the first', async () => {
    const messages = [
      said('ines', 'we use eslint for the web app and detekt for the kotlin code', '2026-08-03'),
    ];
    expect(await ask('What is used for the kotlin code?', messages, 'ines')).toContain('detekt');
  });

  it('reads a short form as the word it shortens, and the noun the later clause leaves out', async () => {
    const messages = [said('ines', 'the dev database is named Otter and prod is named Badger', '2026-08-03')];
    expect(await ask('What is the production database named?', messages, 'ines')).toBe('Badger');
    expect(await ask('What is the dev database named?', messages, 'ines')).toBe('Otter');
  });

  it('answers where one of two things goes', async () => {
    const messages = [
      said('ines', 'nightly backups go to Backblaze, weekly backups go to Glacier', '2026-08-03'),
    ];
    expect(await ask('Where do weekly backups go?', messages, 'ines')).toContain('Glacier');
  });
});
