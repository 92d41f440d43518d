import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EvalOutcome, loadMemoryEval, runMemoryEval } from '../../bench/eval/memory-eval.js';
import type { Database } from '../../src/engine/database/database.js';
import { openTestDatabase } from '../support/test-database.js';

/**
 * The evaluation set (test/fixtures/memory-eval.json): changed facts, history, durations, dates
 * and questions memory cannot answer, learned by the offline default. The score may rise; it
 * must not fall below the floor. `npm run bench:eval` lists every check.
 */
const FLOOR = 0.9;

describe.each(['pglite', 'postgres'] as const)('the evaluation set on %s', (kind) => {
  let db: Database;
  let result: EvalOutcome;

  beforeAll(async () => {
    db = await openTestDatabase(kind, `memory_eval_${kind}`);
    result = await runMemoryEval(db, await loadMemoryEval());
  }, 180_000);
  afterAll(async () => db?.close());

  it(`scores at least ${FLOOR * 100} %`, () => {
    const failed = result.outcomes.filter((outcome) => !outcome.passed);
    const report = failed.map((outcome) => `${outcome.check} (got ${outcome.got})`).join('\n');
    expect(result.passed / result.total, `failed:\n${report}`).toBeGreaterThanOrEqual(FLOOR);
  });

  it('never answers a question memory holds nothing for', () => {
    const declines = result.outcomes.filter(
      (outcome) => outcome.kind === 'ask' && outcome.check.endsWith('no answer'),
    );
    expect(declines.length).toBeGreaterThan(5);
    expect(declines.filter((outcome) => !outcome.passed)).toEqual([]);
  });

  it('keeps the newest value of a changed fact on the card, and only that one', () => {
    const cards = result.outcomes.filter((outcome) => outcome.kind === 'card');
    expect(cards.filter((outcome) => !outcome.passed)).toEqual([]);
  });
});
