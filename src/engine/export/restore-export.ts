import type { z } from 'zod';
import {
  DATA_RECORD_TYPES,
  type DataRecordType,
  ExportHeader,
  ExportRecord,
} from '../../schemas/export-records.js';
import { MemoryError } from '../../service/errors.js';
import type { Database } from '../database/database.js';
import { RESTORE_NOT_LEARNED, RESTORE_STATEMENTS } from './restore-statements.js';

/**
 * Tables a restore loads in bulk, analysed when it ends. A server's autovacuum analyses them only
 * later (PGlite has none): meanwhile the planner guessed a restored workspace a few hundred
 * messages, and an export of it read every later message for each page of 1,000 (76 s for
 * 100,000 messages on Postgres; 4.4 s once analysed).
 */
const LOADED_TABLES = ['messages', 'observations', 'derivation_tasks', 'sessions', 'session_peers', 'peers'];

/** Records written by one statement, and the most characters of JSON one statement is sent. */
const BATCH_RECORDS = 1000;
const BATCH_CHARS = 8_000_000;

export type RestoreProgress = { written: number; total: number; session: string };

export type RestoreSummary = {
  workspaces: string[];
  /** Records of each type read from the file. */
  records: Record<DataRecordType, number>;
  /** Rows inserted or altered; 0 when the database already held the file. */
  changed: number;
  /** Whether the file's end record was read: a file cut short is restored as far as it goes. */
  complete: boolean;
  /** Whether the import stopped at `signal` before the end of the file. */
  interrupted: boolean;
};

/** Whether a file's first line is the header of a peermem export (the import command's sniff). */
export function isExportHeader(firstLine: string): boolean {
  try {
    const value = JSON.parse(firstLine) as { type?: unknown; format?: unknown };
    return value.type === 'header' && value.format === 'peermem-export';
  } catch {
    return false;
  }
}

/** A line that cannot be restored: the error names its line number, field and reason. */
function badLine(line: number, reason: string): MemoryError {
  return new MemoryError('invalid_input', `line ${line}: ${reason}`, {
    field: 'file',
    hint: 'The file is not a peermem export as this version writes it; export it again.',
  });
}

/** A line read as a record of `schema`, or an error naming its line, field and reason. */
function parseLine<T>(schema: z.ZodType<T>, text: string, line: number): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badLine(line, 'is not valid JSON');
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'record';
  throw badLine(line, `${field}: ${issue?.message ?? 'is invalid'}`);
}

/**
 * Restores an export file, read line by line from `lines`, into `db`: every workspace it holds
 * with the ids, times, metadata and history it was exported with. Batches of records of one type
 * are written by one statement each (see restore-statements.ts), so at most one batch is held in
 * memory, a second run changes nothing, and a run stopped at `signal` (between two batches) and
 * run again ends as one whole run would. It adds and overwrites; rows the database holds beyond
 * the file are left (delete a workspace first to make it exactly the file's).
 */
export async function restoreExport(
  db: Database,
  lines: AsyncIterable<string>,
  options: { onProgress?: (progress: RestoreProgress) => void; signal?: AbortSignal } = {},
): Promise<RestoreSummary> {
  let header: ExportHeader | undefined;
  const records = Object.fromEntries(DATA_RECORD_TYPES.map((type) => [type, 0])) as Record<
    DataRecordType,
    number
  >;
  const summary: RestoreSummary = {
    workspaces: [],
    records,
    changed: 0,
    complete: false,
    interrupted: false,
  };
  let batch: { type: DataRecordType; rows: Record<string, unknown>[]; chars: number } | undefined;
  let place = '';

  const flush = async () => {
    if (batch === undefined || batch.rows.length === 0) return;
    const { type, rows } = batch;
    batch = undefined;
    // PGlite answers without a turn of the event loop, where signals (Ctrl+C) are delivered.
    await new Promise((resolve) => setImmediate(resolve));
    const [result] = await db.query<{ changed: number; elsewhere: string | null }>(RESTORE_STATEMENTS[type], [
      JSON.stringify(rows),
    ]);
    if (result?.elsewhere) {
      throw new MemoryError(
        'invalid_input',
        `${type} "${result.elsewhere}" already exists in another workspace of this database`,
        {
          field: 'file',
          hint: 'Message and observation ids are unique in a database: restore into another database, or delete that workspace first (peermem workspaces delete).',
        },
      );
    }
    summary.changed += result?.changed ?? 0;
    if (type === 'message') {
      const notLearned = rows
        .filter((row) => row.not_learned !== null)
        .map((row) => ({ id: row.id, workspace_id: row.workspace_id, ...(row.not_learned as object) }));
      if (notLearned.length > 0)
        summary.changed += (await db.query(RESTORE_NOT_LEARNED, [JSON.stringify(notLearned)])).length;
    }
    options.onProgress?.({ written: records.message, total: header?.counts.message ?? 0, session: place });
  };

  let lineNumber = 0;
  for await (const text of lines) {
    lineNumber++;
    if (text.trim() === '') continue;
    if (header === undefined) {
      header = parseLine(ExportHeader, text, lineNumber);
      summary.workspaces = header.workspaces;
      continue;
    }
    if (summary.complete) throw badLine(lineNumber, 'follows the end record');
    const record = parseLine<ExportRecord>(ExportRecord, text, lineNumber);
    if (record.type === 'end') {
      await flush();
      summary.complete = true;
      continue;
    }
    const { type, ...row } = record;
    if (
      batch !== undefined &&
      (batch.type !== type || batch.rows.length >= BATCH_RECORDS || batch.chars >= BATCH_CHARS)
    )
      await flush();
    if (options.signal?.aborted) {
      summary.interrupted = true;
      return summary;
    }
    batch ??= { type, rows: [], chars: 0 };
    batch.rows.push({ ord: records[type], ...row });
    batch.chars += text.length;
    records[type]++;
    if (record.type === 'session') place = `${record.workspace_id}/${record.id}`;
    else if (record.type === 'message') place = `${record.workspace_id}/${record.session_id}`;
  }
  if (header === undefined) throw badLine(1, 'the file is empty: a peermem export starts with its header');
  await flush();
  if (summary.changed > 0) for (const table of LOADED_TABLES) await db.query(`ANALYZE ${table}`);
  return summary;
}
