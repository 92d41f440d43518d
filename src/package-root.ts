import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder above the running code that holds a package.json: the package root, the
 * same from `src/`, `dist/src/` and the bundle in `dist/peermem/`. Files the build writes
 * (the word vectors, the database template) are found from it.
 */
export function packageRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) return folder;
    folder = parent;
  }
  return folder;
}
