import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Config } from '../config.js';
import { type ImportProgress, type ImportSummary, importChatHistory } from '../import/import-chat-history.js';
import { parseChatHistory } from '../import/parse-chat-history.js';
import { MemoryError } from '../service/errors.js';
import { openEngine } from './open-engine.js';
import { describeStore } from './open-store.js';
import { isExportFile } from './read-export-lines.js';

/**
 * `peermem import FILE`: brings a chat history file into the workspace, one session per
 * conversation, with a progress bar on a terminal (plain lines otherwise) and a summary on stdout.
 * Ctrl+C stops after the write under way; running the same command again imports the rest.
 * Returns the exit code: 0 done, 1 a bad file or an unusable database, 130 interrupted.
 */
export async function runImport(config: Config): Promise<number> {
  // loadConfig sets it for the import command, and requires its file.
  if (config.import === undefined) throw new Error('peermem import: no file');
  const { file, format, session, userPeer, assistantPeer } = config.import;
  if (format === 'auto' && (await isExportFile(file)))
    return (await import('./run-restore.js')).runRestore(config, file);
  const started = performance.now();
  const fail = (message: string) => {
    console.error(`peermem: import: ${message}`);
    return 1;
  };
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (error) {
    return fail(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let history: ReturnType<typeof parseChatHistory>;
  try {
    history = parseChatHistory(content, {
      fileName: basename(file),
      format,
      session,
      userPeer,
      assistantPeer,
    });
  } catch (error) {
    if (error instanceof MemoryError) return fail(`${file}: ${error.message}`);
    throw error;
  }
  for (const notice of history.notices) console.error(`peermem: import: ${file}: ${notice}`);

  let summary: ImportSummary;
  try {
    summary = await writeWithProgress(config, ({ engine }, progress) =>
      importChatHistory(engine.memory(config.workspace), history.sessions, progress),
    );
  } catch (error) {
    // The file was read whole before: what fails now is the database.
    const hint = error instanceof MemoryError && error.hint ? `. ${error.hint}` : '';
    return fail(`${(error as Error).message}${hint}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`${describeSummary(summary, seconds, config.workspace, describeStore(config))}\n`);
  return summary.interrupted ? 130 : 0;
}

/**
 * Runs a write into the store (opened for it, without the deriver, and closed after) with the
 * import's progress view; Ctrl+C or SIGTERM aborts `signal`, which stops after the batch under way.
 */
export async function writeWithProgress<Result>(
  config: Config,
  write: (
    store: ReturnType<typeof openEngine>,
    progress: { onProgress: (progress: ImportProgress) => void; signal: AbortSignal },
  ) => Promise<Result>,
): Promise<Result> {
  const stop = new AbortController();
  const interrupt = () => stop.abort();
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const progress = importProgressView();
  const store = openEngine(config, { deriver: false });
  try {
    return await write(store, { onProgress: progress.update, signal: stop.signal });
  } finally {
    progress.end();
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await store.engine.stop();
    await store.database.close();
  }
}

/** The closing lines: what was written where, how long it took, and what comes next. */
function describeSummary(summary: ImportSummary, seconds: string, workspace: string, store: string): string {
  const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
  const skipped = summary.skipped > 0 ? `; ${count(summary.skipped, 'message')} already there, skipped` : '';
  const head = summary.interrupted
    ? `Interrupted: ${count(summary.written, 'message')} imported`
    : `Imported ${count(summary.written, 'message')}`;
  const lines = [
    `${head} in ${count(summary.sessions, 'session')} from ${count(summary.peers, 'peer')} in ${seconds} s${skipped}.`,
    `Workspace "${workspace}", ${store}.`,
  ];
  if (summary.interrupted)
    lines.push('Run the same command again to import the rest; nothing is imported twice.');
  else if (summary.written > 0)
    lines.push('A running or the next peermem mcp or peermem worker learns from them.');
  return lines.join('\n');
}

type ProgressView = { update(progress: ImportProgress): void; end(): void };

/** The progress of an import on stderr: a bar on a terminal, a line each tenth otherwise. */
export const importProgressView = (): ProgressView =>
  process.stderr.isTTY ? progressBar() : progressLines();

const BAR_WIDTH = 30;

/** One line redrawn in place on a terminal: a bar, the count and the session being written. */
function progressBar(): ProgressView {
  let drawn = false;
  return {
    update: ({ written, total, session }) => {
      drawn = true;
      // One line narrower than the terminal, or the next redraw lands on a new line.
      const line = `${renderProgressBar(written, total, BAR_WIDTH)} ${session}`;
      process.stderr.write(`\r\x1b[2K${line.slice(0, (process.stderr.columns || 80) - 1)}`);
    },
    end: () => {
      if (drawn) process.stderr.write('\n');
    },
  };
}

/** For a log or a pipe: a line each time another tenth of the messages is written. */
function progressLines(): ProgressView {
  let lastTenth = 0;
  return {
    update: ({ written, total }) => {
      const tenth = Math.floor((written / total) * 10);
      if (tenth <= lastTenth) return;
      lastTenth = tenth;
      console.error(
        `peermem: import: ${written.toLocaleString('en-US')}/${total.toLocaleString('en-US')} messages`,
      );
    },
    end: () => {},
  };
}

/** `[#######-------] 512/1,000  51%`: the bar a terminal shows. */
export function renderProgressBar(written: number, total: number, width: number): string {
  const share = total === 0 ? 1 : Math.min(1, written / total);
  const filled = Math.round(share * width);
  const counts = `${written.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`;
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${counts} ${String(Math.floor(share * 100)).padStart(3)}%`;
}
