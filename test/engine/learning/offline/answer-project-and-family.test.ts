import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../../../src/engine/learning/offline/answer-question.js';
import type { AnswerRequest } from '../../../../src/engine/learning/reasoner.js';

const said = (peer: string, content: string, id = content) => ({
  id,
  peer_id: peer,
  content,
  created_at: '2026-02-02T10:00:00.000Z',
});

const ask = (about: string, question: string, messages: AnswerRequest['messages']) =>
  answerQuestion({ question, peer: about, about, observations: [], slotFacts: [], messages, level: 'low' });

describe('answerQuestion, offline: a project as people write of it', () => {
  it('answers when a release named by its version ships from the date it slipped to', async () => {
    const messages = [
      said('ayesha', 'app store submission deadline is the 27th for 3.8.0.'),
      said('ayesha', 'change of plan, 3.8.0 slips to March 6, the Stripe SDK update broke Apple Pay'),
    ];
    expect(await ask('ayesha', 'When does 3.8.0 ship now?', messages)).toContain('March 6');
  });

  it('answers when something set or recurring happens with the hour it is at, not the day it was said', async () => {
    const messages = [
      said('priya', 'The nightly job runs at 2am UTC and takes about 40 minutes.'),
      said('priya', 'Standups are every Monday at 9:30, on the team call.'),
    ];
    expect(await ask('priya', 'When does the nightly job run?', messages)).toBe('at 2am UTC');
    expect(await ask('priya', 'What time is the standup?', messages)).toBe('every Monday at 9:30');
  });

  it('answers what a thing is built with from what it is said to be, when the evidence holds no verb of the question', async () => {
    const messages = [
      said('leo', 'the shop frontend is Next.js 14 and we host it on Vercel'),
      said('leo', 'payments go through Stripe'),
    ];
    expect(await ask('leo', 'What framework is the frontend built with?', messages)).toBe('Next.js 14');
  });

  it('answers "which package manager / test framework?" with the tool of that kind the evidence names', async () => {
    const messages = [
      said('mira', 'Some context: the invoicing repo is a monorepo and we use yarn, not npm.'),
      said('mira', 'The dashboard is Svelte, hosted on Netlify.'),
      said('mira', 'For tests it is jest on the dashboard and pytest for the workers.'),
    ];
    expect(await ask('mira', 'Which package manager does the repo use?', messages)).toContain('yarn');
    expect(await ask('mira', 'Which test framework does the dashboard use?', messages)).toBe('jest');
  });
});

describe('answerQuestion, offline: what a project uses after a switch', () => {
  it('answers a question of the present about a tool with what the switch led to, not what it left', async () => {
    const messages = [
      said('lena', 'we moved from Jest to Vitest in December, please keep it that way'),
      said('lena', 'the billing service switched from Heroku to Fly.io for hosting last spring'),
    ];
    expect(await ask('lena', 'Which test runner does the project use?', messages)).toBe('Vitest');
    expect(await ask('lena', 'What does billing use for hosting?', messages)).toBe('Fly.io');
    expect(await ask('lena', 'What test runner did they use before Vitest?', messages)).toBe('Jest');
  });
});
