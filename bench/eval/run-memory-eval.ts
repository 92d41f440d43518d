import { openDatabase } from '../../src/engine/database/open-database.js';
import { runScript } from '../run-script.js';
import { HALVES, loadMemoryEval, MEMORY_KINDS } from './load-memory-eval.js';
import { runMemoryEval } from './memory-eval.js';
import { tallyMemoryEval } from './tally-memory-eval.js';

/**
 * `npm run bench:eval`: the evaluation set of test/fixtures/memory-eval/ on the offline learning a
 * server runs by default, every check of the tuning half listed, then the score of each half by kind
 * of memory. The held-out half's checks are listed only with `--list-held-out`: a rule is judged by
 * its score there, and whoever writes rules should not read its failures. `--failed` lists only the
 * checks that failed; `--half tuning|held-out` and `--kind life|project|support` run a part of the set.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const onlyFailed = args.includes('--failed');
  const listHeldOut = args.includes('--list-held-out');
  const half = flagValue(args, '--half', HALVES);
  const kind = flagValue(args, '--kind', MEMORY_KINDS);
  const conversations = (await loadMemoryEval()).filter(
    (conversation) =>
      (half === undefined || conversation.half === half) &&
      (kind === undefined || conversation.kind === kind),
  );
  const db = openDatabase({ kind: 'memory' });
  try {
    const { passed, total, outcomes } = await runMemoryEval(db, conversations);
    for (const outcome of outcomes) {
      if (onlyFailed && outcome.passed) continue;
      if (outcome.half === 'held-out' && !listHeldOut) continue;
      console.log(
        `${outcome.passed ? 'pass' : 'FAIL'}  [${outcome.half} ${outcome.kind}: ${outcome.conversation}] ${outcome.check}`,
      );
      if (!outcome.passed) console.log(`      got: ${outcome.got}`);
    }
    console.log('');
    console.log(tallyMemoryEval(outcomes));
    console.log('');
    console.log(`score: ${passed} / ${total} (${((100 * passed) / total).toFixed(1)} %)`);
  } finally {
    await db.close();
  }
}

function flagValue<const T extends string>(
  args: string[],
  flag: string,
  allowed: readonly T[],
): T | undefined {
  const index = args.indexOf(flag);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (!allowed.includes(value as T)) {
    throw new Error(`${flag} must be one of ${allowed.join(', ')}; got ${value ?? 'nothing'}`);
  }
  return value as T;
}

await runScript(main);
