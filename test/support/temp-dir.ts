import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh folder under the system temp folder, and a way to remove it. */
export async function makeTempDir(
  prefix = 'peermem-test-',
): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  // A server that was just closed may still be writing its last files: ENOTEMPTY, then retry.
  return { path, remove: () => rm(path, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }) };
}

/** A workspace name no other test uses, so tests can share one Postgres database. */
export function uniqueWorkspace(label = 'test'): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
