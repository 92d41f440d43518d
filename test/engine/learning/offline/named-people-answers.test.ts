import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvalConversation } from '../../../../bench/eval/load-memory-eval.js';
import { type EvalOutcome, runMemoryEval } from '../../../../bench/eval/memory-eval.js';
import type { Database } from '../../../../src/engine/database/database.js';
import { openTestDatabase } from '../../../support/test-database.js';

// A family that moves: Maria's own job changes, and her husband and daughter have facts of their own.
const said = (content: string, day: string) => ({
  peer: 'maria',
  content,
  created_at: `2026-${day}T09:00:00Z`,
});
const MOVE: EvalConversation = {
  name: 'a family moves from Stockholm to Berlin',
  kind: 'life',
  half: 'tuning',
  messages: [
    said("Hi! I'm Maria. I live in Stockholm with my husband Tomas and our daughter Lina, she's 6.", '03-01'),
    said('I work as a designer at Klarna.', '03-01'),
    said('Big news: we moved to Berlin last month!', '05-10'),
    said("I'm working remotely for Spotify now.", '05-10'),
    said('Tomas got a job at the Charité hospital.', '05-11'),
    said('Lina started first grade at an international school in Kreuzberg.', '05-12'),
  ],
  checks: [
    { ask: 'maria', query: 'Where does Tomas work?', expect: ['Charité hospital'], reject: ['Spotify'] },
    { ask: 'maria', query: 'Where does Maria work?', expect: ['Spotify'], reject: ['Klarna', 'Charité'] },
    { ask: 'maria', query: 'What school does Lina go to?', expect: ['Kreuzberg'] },
    { ask: 'maria', query: 'Where does Lina go to school?', expect: ['Kreuzberg'] },
    { ask: 'maria', query: 'How old is Lina?', expect: ['6'] },
    { ask: 'maria', query: "What is Maria's daughter's name?", expect: ['Lina'] },
    { ask: 'maria', query: 'Where does Maria live?', expect: ['Berlin'], reject: ['Stockholm'] },
    { card: 'maria', has: ['Spotify', 'Lina', 'Tomas', 'Berlin'], lacks: ['Klarna'] },
  ],
};

describe('the people a peer names, learned and asked of offline', () => {
  let db: Database;
  let result: EvalOutcome;

  beforeAll(async () => {
    db = await openTestDatabase('pglite', 'named_people_answers');
    result = await runMemoryEval(db, [MOVE]);
  }, 120_000);
  afterAll(async () => db?.close());

  it.each(
    MOVE.checks.map((check, i) => [
      i,
      'query' in check ? check.query : 'card' in check ? `card of ${check.card}` : check.search,
    ]),
  )('check %i: %s', (i) => {
    const outcome = result.outcomes[i as number];
    expect(outcome?.passed, `${outcome?.check}: got ${outcome?.got}`).toBe(true);
  });
});
