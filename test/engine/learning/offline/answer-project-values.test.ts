import { describe, expect, it } from 'vitest';
import { readQuestion } from '../../../../src/engine/learning/offline/read-question.js';
import { ask, said } from './ask-offline.js';

describe('answerQuestion, offline: values a project gives its things', () => {
  it('reads "which state …" as a place only when "state" is what is asked for', () => {
    expect(readQuestion('Which state machine library does the web client use?', ['omar']).kind).toBe('thing');
    expect(readQuestion('Which state does Omar live in?', ['omar']).kind).toBe('place');
  });

  it('answers "which state management library?" with the state library a switch led to', async () => {
    const messages = [
      said('omar', 'The dashboard is Svelte with Vite.', '2026-04-01'),
      said('omar', 'we moved from MobX to Jotai a few weeks back, no new MobX stores please', '2026-04-20'),
    ];
    expect(await ask('Which state management library does the dashboard use?', messages, 'omar')).toBe(
      'Jotai',
    );
  });

  it('answers where a thing is with no person a task was handed to', async () => {
    const messages = [
      said('tove', 'Sanjay took over the release pipeline from me last week', '2026-05-10'),
      said('tove', 'the docs site lives on Netlify, the API is on Render', '2026-05-01'),
    ];
    expect(await ask('Where is the docs site hosted?', messages, 'tove')).not.toContain('Sanjay');
  });
});
