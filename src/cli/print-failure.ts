import { MemoryError } from '../service/errors.js';

/**
 * A command's refusal on one line of stderr (`peermem: <what>. <how to recover>`), answered as
 * exit code 1; anything but a `MemoryError` is a fault and is thrown on.
 */
export function printFailure(error: unknown, prefix = 'peermem'): 1 {
  if (!(error instanceof MemoryError)) throw error;
  console.error(`${prefix}: ${error.message}${error.hint ? `. ${error.hint}` : ''}`);
  return 1;
}
