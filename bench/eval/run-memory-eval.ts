import { openDatabase } from '../../src/engine/database/open-database.js';
import { loadMemoryEval, runMemoryEval } from './memory-eval.js';

/**
 * `npm run bench:eval`: the evaluation set of test/fixtures/memory-eval.json on the offline
 * learning a server runs by default, every check listed, the score last. `--failed` lists only
 * the checks that failed.
 */
async function main(): Promise<void> {
  const onlyFailed = process.argv.includes('--failed');
  const db = openDatabase({ kind: 'memory' });
  try {
    const { passed, total, outcomes } = await runMemoryEval(db, await loadMemoryEval());
    const byKind = new Map<string, { passed: number; total: number }>();
    for (const outcome of outcomes) {
      const tally = byKind.get(outcome.kind) ?? { passed: 0, total: 0 };
      tally.total += 1;
      if (outcome.passed) tally.passed += 1;
      byKind.set(outcome.kind, tally);
      if (onlyFailed && outcome.passed) continue;
      console.log(`${outcome.passed ? 'pass' : 'FAIL'}  [${outcome.conversation}] ${outcome.check}`);
      if (!outcome.passed) console.log(`      got: ${outcome.got}`);
    }
    console.log('');
    for (const [kind, tally] of byKind) console.log(`${kind}: ${tally.passed} / ${tally.total}`);
    console.log(`score: ${passed} / ${total} (${((100 * passed) / total).toFixed(1)} %)`);
  } finally {
    await db.close();
  }
}

await main();
