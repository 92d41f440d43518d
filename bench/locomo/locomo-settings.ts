import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBenchFlags } from '../parse-bench-flags.js';

export type LocomoSettings = {
  quick: boolean;
  /** How many of the dataset's conversations to run, in file order. */
  conversations: number;
  datasetPath: string;
  /** A Postgres server instead of the embedded PGlite. */
  postgresUrl: string | undefined;
  /** Where to write every question's outcome as JSON lines, for reading failures. */
  detailsPath: string | undefined;
};

/** The project root, seen from dist/bench/locomo/ once built. */
const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DEFAULT_DATASET = resolve(PROJECT_ROOT, '../shared/bench/locomo10.json');
const QUICK_CONVERSATIONS = 2;

const USAGE = `Usage: node dist/bench/locomo/run-locomo.js [--quick] [--postgres URL] [--details FILE]
  --quick      the first ${QUICK_CONVERSATIONS} conversations only, to try the benchmark out
  --postgres   a Postgres server (e.g. postgres://postgres@127.0.0.1:5432/peermem_bench) instead of
               an in-memory PGlite; the run's workspaces are deleted at the end
  --details    write each question's answer, score and retrieved turns to FILE (JSON lines)
Dataset: LOCOMO_PATH, or ${DEFAULT_DATASET}`;

export function readLocomoSettings(argv: readonly string[]): LocomoSettings {
  const values = parseBenchFlags(
    argv,
    {
      quick: { type: 'boolean' },
      postgres: { type: 'string' },
      details: { type: 'string' },
    },
    USAGE,
  );
  const quick = values.quick === true;
  return {
    quick,
    conversations: quick ? QUICK_CONVERSATIONS : Number.POSITIVE_INFINITY,
    datasetPath: resolve(process.env.LOCOMO_PATH ?? DEFAULT_DATASET),
    postgresUrl: values.postgres,
    detailsPath: values.details === undefined ? undefined : resolve(values.details),
  };
}
