import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { basename, resolve } from 'node:path';

/**
 * One workspace per project folder: the folder's name for readability, plus a hash of its
 * real path so that two projects with the same name never share a memory.
 */
export function workspaceForDir(dir: string): string {
  const real = realFolder(dir);
  const hash = createHash('sha256').update(real).digest('hex').slice(0, 10);
  return `${basename(real) || 'root'}-${hash}`;
}

/** The folder's real path (links resolved), or its absolute path while it does not exist. */
export function realFolder(dir: string): string {
  const path = resolve(dir);
  try {
    return realpathSync(path);
  } catch {
    // A folder that does not exist yet still names a stable workspace.
    return path;
  }
}
