import type { Config } from '../config.js';
import { type RestoreSummary, restoreExport } from '../engine/export/restore-export.js';
import { describeStore } from './open-store.js';
import { printFailure } from './print-failure.js';
import { readLines } from './read-export-lines.js';
import { writeWithProgress } from './run-import.js';

/**
 * `peermem import FILE` of a peermem export file: restores its workspaces as they were exported
 * (docs/export.md), with the import's progress bar. Ctrl+C stops after the batch under way;
 * the same command again finishes it, and a second import of a restored file changes nothing.
 * Returns the exit code: 0 done, 1 a bad or cut-short file or an unusable database, 130 interrupted.
 */
export async function runRestore(config: Config, file: string): Promise<number> {
  const started = performance.now();
  let summary: RestoreSummary;
  try {
    summary = await writeWithProgress(config, ({ database }, progress) =>
      restoreExport(database, readLines(file), progress),
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code.startsWith('E')) {
      console.error(`peermem: import: cannot read ${file}: ${code}`);
      return 1;
    }
    return printFailure(error, `peermem: import: ${file}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`${describeRestore(summary, seconds, describeStore(config))}\n`);
  if (summary.interrupted) return 130;
  if (!summary.complete) {
    console.error(
      `peermem: import: ${file} ends before its end record: it was cut short, and only what it held was restored`,
    );
    return 1;
  }
  return 0;
}

function describeRestore(summary: RestoreSummary, seconds: string, store: string): string {
  const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
  const { records } = summary;
  const names = summary.workspaces.map((workspace) => `"${workspace}"`).join(', ');
  const what = `${count(records.message, 'message')} in ${count(records.session, 'session')}, ${count(records.peer, 'peer')}, ${count(records.observation, 'observation')}, ${count(records.card, 'card')} and ${count(records.summary, 'summary').replace('summarys', 'summaries')}`;
  const head = summary.interrupted ? `Interrupted after reading ${what}` : `Restored ${what}`;
  const lines = [
    `${head} in ${seconds} s; ${count(summary.changed, 'row')} written${summary.changed === 0 ? ': the database already held them' : ''}.`,
    `${summary.workspaces.length === 1 ? 'Workspace' : 'Workspaces'} ${names}, ${store}.`,
  ];
  if (summary.interrupted)
    lines.push('Run the same command again to restore the rest; nothing is written twice.');
  return lines.join('\n');
}
