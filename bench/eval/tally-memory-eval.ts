import { HALVES, MEMORY_KINDS } from './load-memory-eval.js';
import type { CheckOutcome } from './memory-eval.js';

type Tally = { passed: number; total: number };

const ratio = ({ passed, total }: Tally) =>
  total === 0 ? '-' : `${passed} / ${total} (${((100 * passed) / total).toFixed(1)} %)`;

/**
 * The score as a table: a row per kind of memory and per type of check, then all, each split into
 * the tuning half, the held-out half and both.
 */
export function tallyMemoryEval(outcomes: readonly CheckOutcome[]): string {
  const count = (keep: (outcome: CheckOutcome) => boolean): Tally => {
    const kept = outcomes.filter(keep);
    return { passed: kept.filter((outcome) => outcome.passed).length, total: kept.length };
  };
  const rows: [string, (outcome: CheckOutcome) => boolean][] = [
    ...MEMORY_KINDS.map((kind): [string, (outcome: CheckOutcome) => boolean] => [
      kind,
      (outcome) => outcome.kind === kind,
    ]),
    ...(['card', 'ask', 'search'] as const).map((type): [string, (outcome: CheckOutcome) => boolean] => [
      `${type} checks`,
      (outcome) => outcome.type === type,
    ]),
    ['all', () => true],
  ];
  const header = ['', ...HALVES, 'both'];
  const table = rows.map(([label, keep]) => [
    label,
    ...HALVES.map((half) => ratio(count((outcome) => outcome.half === half && keep(outcome)))),
    ratio(count(keep)),
  ]);
  const widths = header.map((_, column) =>
    Math.max(...[header, ...table].map((row) => (row[column] ?? '').length)),
  );
  return [header, ...table]
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('   ')
        .trimEnd(),
    )
    .join('\n');
}
