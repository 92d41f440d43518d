import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EvalConversation,
  HALVES,
  type Half,
  loadMemoryEval,
  MEMORY_KINDS,
} from '../../bench/eval/load-memory-eval.js';
import { type EvalOutcome, runMemoryEval } from '../../bench/eval/memory-eval.js';
import { tallyMemoryEval } from '../../bench/eval/tally-memory-eval.js';
import type { Database } from '../../src/engine/database/database.js';
import { openTestDatabase } from '../support/test-database.js';

/**
 * The evaluation set (test/fixtures/memory-eval/): a person's life, a software project and a support
 * desk, each split into a tuning half and a held-out half by a rule fixed before any score was
 * seen (docs/benchmarks.md). Scores may rise; they must not fall below what the offline learner
 * scored when the set was made. `npm run bench:eval` lists every check.
 */
// Five checks below the scores of 2026-11-29 (174 / 214 and 139 / 206), so a rule that costs the
// learner what it had gained fails here; when the set grew to 420 checks they were 156 and 120.
const FLOORS: Record<Half, number> = { tuning: 0.86, 'held-out': 0.76 };
/** The conversations the offline rules were first written against: they passed whole, and must stay near. */
const FIRST_SET_FLOOR = 0.9;
const FIRST_SET = 'the offline rules were written against it';

describe('the evaluation set', () => {
  let conversations: EvalConversation[];
  beforeAll(async () => {
    conversations = await loadMemoryEval();
  });

  it('holds at least 200 checks, of every kind of memory in both halves', () => {
    const checks = (keep: (conversation: EvalConversation) => boolean) =>
      conversations.filter(keep).reduce((sum, conversation) => sum + conversation.checks.length, 0);
    expect(checks(() => true)).toBeGreaterThanOrEqual(200);
    for (const kind of MEMORY_KINDS) {
      for (const half of HALVES) {
        expect(
          checks((c) => c.kind === kind && c.half === half),
          `${kind}, ${half}`,
        ).toBeGreaterThan(20);
      }
    }
  });

  it('puts each conversation in the half the split rule gives, in the order the conversations were written', () => {
    // The rule: a conversation seen before the split is tuning; every other one joins the half that
    // has fewer checks of its kind so far, tuning on a tie.
    const sofar = new Map<string, number>();
    const key = (kind: string, half: Half) => `${kind}/${half}`;
    for (const conversation of conversations) {
      const tuning = sofar.get(key(conversation.kind, 'tuning')) ?? 0;
      const heldOut = sofar.get(key(conversation.kind, 'held-out')) ?? 0;
      const half: Half =
        conversation.seen_before_split !== undefined || tuning <= heldOut ? 'tuning' : 'held-out';
      expect(conversation.half, conversation.name).toBe(half);
      sofar.set(
        key(conversation.kind, half),
        (sofar.get(key(conversation.kind, half)) ?? 0) + conversation.checks.length,
      );
    }
  });
});

describe.each(['pglite', 'postgres'] as const)('the evaluation set, learned offline on %s', (kind) => {
  let db: Database;
  let result: EvalOutcome;

  beforeAll(async () => {
    db = await openTestDatabase(kind, `memory_eval_${kind}`);
    result = await runMemoryEval(db, await loadMemoryEval());
  }, 600_000);
  afterAll(async () => db?.close());

  it.each(HALVES)('scores the %s half at least as well as when the set was made', (half) => {
    const outcomes = result.outcomes.filter((outcome) => outcome.half === half);
    const passed = outcomes.filter((outcome) => outcome.passed).length;
    expect(passed / outcomes.length, tallyMemoryEval(result.outcomes)).toBeGreaterThanOrEqual(FLOORS[half]);
  });

  it(`passes at least ${FIRST_SET_FLOOR * 100} % of the conversations the rules were first written against`, async () => {
    const first = new Set(
      (await loadMemoryEval()).filter((c) => c.seen_before_split === FIRST_SET).map((c) => c.name),
    );
    const outcomes = result.outcomes.filter((outcome) => first.has(outcome.conversation));
    const failed = outcomes.filter((outcome) => !outcome.passed);
    const report = failed.map((outcome) => `${outcome.check} (got ${outcome.got})`).join('\n');
    expect(outcomes.length).toBeGreaterThan(50);
    expect(1 - failed.length / outcomes.length, `failed:\n${report}`).toBeGreaterThanOrEqual(FIRST_SET_FLOOR);
  });
});
