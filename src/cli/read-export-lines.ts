import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { isExportHeader } from '../engine/export/restore-export.js';

/** The lines of a file, read as they are needed: a file of any size is never held whole. */
export function readLines(file: string): AsyncIterable<string> {
  return createInterface({
    input: createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
}

/** Whether the file starts with a peermem export header; false for one that cannot be read. */
export async function isExportFile(file: string): Promise<boolean> {
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }) });
  try {
    for await (const line of lines) return isExportHeader(line);
    return false;
  } catch {
    return false;
  } finally {
    lines.close();
  }
}
