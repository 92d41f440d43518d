import { resolve } from 'node:path';
import { parseBenchFlags } from '../parse-bench-flags.js';
import { DEFAULT_LOCOMO_FILE, LOCOMO_FILE } from './locomo-file.js';

export type LocomoSettings = {
  quick: boolean;
  /** Which of the dataset's conversations to run: a range of file positions, first one 1. */
  conversations: { first: number; last: number };
  datasetPath: string;
  /** A Postgres server instead of the embedded PGlite. */
  postgresUrl: string | undefined;
  /** Where to write every question's outcome as JSON lines, for reading failures. */
  detailsPath: string | undefined;
};

const QUICK_CONVERSATIONS = 2;

const USAGE = `Usage: node dist/bench/locomo/run-locomo.js [--quick] [--conversations A-B] [--postgres URL] [--details FILE]
  --quick          the first ${QUICK_CONVERSATIONS} conversations only, to try the benchmark out
  --conversations  a range of conversations, in file order from 1: 1-3 are those the search
                   weights and answer rules were tuned on, 4-10 the held-out ones
  --postgres   a Postgres server (e.g. postgres://postgres@127.0.0.1:5432/peermem_bench) instead of
               an in-memory PGlite; the run's workspaces are deleted at the end
  --details    write each question's answer, score and retrieved turns to FILE (JSON lines)
Dataset: LOCOMO_PATH, or ${DEFAULT_LOCOMO_FILE}
LOCOMO_TIME_SCALE: multiplies the watchdog's limits (5 min a phase) on a busy machine, e.g. 3`;

export function readLocomoSettings(argv: readonly string[]): LocomoSettings {
  const values = parseBenchFlags(
    argv,
    {
      quick: { type: 'boolean' },
      conversations: { type: 'string' },
      postgres: { type: 'string' },
      details: { type: 'string' },
    },
    USAGE,
  );
  const quick = values.quick === true;
  return {
    quick,
    conversations: quick
      ? { first: 1, last: QUICK_CONVERSATIONS }
      : values.conversations === undefined
        ? { first: 1, last: Number.POSITIVE_INFINITY }
        : conversationRange(values.conversations),
    datasetPath: LOCOMO_FILE,
    postgresUrl: values.postgres,
    detailsPath: values.details === undefined ? undefined : resolve(values.details),
  };
}

/** "4-10" or "3": a range of conversations by their position in the file, from 1. */
export function conversationRange(text: string): { first: number; last: number } {
  const match = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
  const first = Number(match?.[1]);
  const last = Number(match?.[2] ?? match?.[1]);
  if (!match || first < 1 || last < first) {
    console.error(`--conversations: expected a range such as 1-3 or 4-10, got "${text}"\n\n${USAGE}`);
    process.exit(2);
  }
  return { first, last };
}
