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

describe('answerQuestion, offline: a handover said with a shortened verb', () => {
  it('reads "I\'m taking over … from" and "she\'s taking over … from" as handovers', async () => {
    const mine = [
      said('ines', "Morning all, I'm taking over the billing service from Dmitri.", '2026-07-01'),
    ];
    expect(await ask('Who owns the billing service now?', mine, 'ines')).toBe('ines');
    expect(await ask('Who owned the billing service before Ines?', mine, 'ines')).toBe('Dmitri');
    const hers = [said('ines', "Keiko's taking over the mobile builds from Paul next sprint.", '2026-07-01')];
    expect(await ask('Who looked after the mobile builds before Keiko?', hers, 'ines')).toBe('Paul');
  });

  it('reads names and values in any alphabet', async () => {
    const messages = [said('ines', 'Update: Zoë handed the payments SDK to Łukasz last week.', '2026-07-01')];
    expect(await ask('Who owned the payments SDK before Łukasz?', messages, 'ines')).toBe('Zoë');
    expect(await ask('Who owns the payments SDK now?', messages, 'ines')).toBe('Łukasz');
  });

  it('reads a host name whole where a thing lives', async () => {
    const messages = [
      said('ines', 'The changelog lives at notes.fernway.app, built by a nightly job.', '2026-07-01'),
    ];
    expect(await ask('Where is the changelog hosted?', messages, 'ines')).toBe('notes.fernway.app');
  });
});

describe('answerQuestion, offline: changes said in more ways', () => {
  it('answers before and after a tool dropped for another', async () => {
    const messages = [said('bo', 'we dropped RabbitMQ in favour of SQS for the mail queue', '2026-06-02')];
    expect(await ask('What did the mail queue use before SQS?', messages, 'bo')).toBe('RabbitMQ');
    expect(await ask('What does the mail queue use?', messages, 'bo')).toBe('SQS');
  });

  it('answers what came before from "used to be", not the pronoun the replacement is said of', async () => {
    const messages = [
      said('bo', 'cron jobs used to be Jenkins but we replaced it with Temporal in May', '2026-06-02'),
    ];
    expect(await ask('What did cron jobs use before?', messages, 'bo')).toBe('Jenkins');
  });

  it('answers who holds a thing taken over by "she", as the person named before', async () => {
    const messages = [
      said('bo', 'Wren runs the billing cron now, she took it over from Abdul after the reorg', '2026-06-02'),
    ];
    expect(await ask('Who runs the billing cron?', messages, 'bo')).toBe('Wren');
  });

  it('reads the words of the thing asked for as its nouns, though a parser reads one as a verb', () => {
    expect(readQuestion('Which caching layer does the API use?', ['bo']).anchors).toContain('cach');
  });
});

describe('answerQuestion, offline: why a tool was left', () => {
  it('answers with the reason told beside the switch, not the tool it was swapped for', async () => {
    const messages = [
      said('bo', 'we swapped Travis for Buildkite last year, the queue times were awful', '2026-06-02'),
    ];
    expect(await ask('Why did they leave Travis?', messages, 'bo')).toContain('queue times');
  });
});

describe('answerQuestion, offline: tools said in other words', () => {
  it('answers "which linter / formatter?" from what the tool does ("we lint with ruff"), with the tool', async () => {
    const tools = [
      said('lena', 'we format with black and lint with ruff, mypy for the plugins only', '2026-04-01'),
      said('lena', "decision: we're not using Great Expectations anymore, dbt tests only", '2026-04-15'),
    ];
    expect(await ask('What formatter do they use?', tools, 'lena')).toBe('black');
    expect(await ask('Which linter does the project use?', tools, 'lena')).toBe('ruff');
  });

  it('answers which test framework of the one said for the part asked of, among test tools it knows', async () => {
    const tests = [
      said('dev', "tests: rspec for the api, playwright for e2e. please don't write minitest", '2026-02-02'),
    ];
    expect(await ask('Which test framework is used for the API?', tests, 'dev')).toBe('rspec');
  });

  it('reads a switch of a thing named without "the" ("switched feature flags from Flipper to LaunchDarkly")', async () => {
    const flags = [
      said('dev', 'feature flags live in Flipper, one table per flag', '2026-02-02'),
      said('dev', 'we switched feature flags from Flipper to LaunchDarkly, the tables can go', '2026-03-02'),
    ];
    expect(await ask('Which feature flag service do they use now?', flags, 'dev')).toBe('LaunchDarkly');
  });
});
