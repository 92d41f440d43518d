import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { packageRoot } from '../../package-root.js';

/** Where `npm run build` writes the console: the HTML shell and the hashed files it loads. */
const CONSOLE_FOLDER = 'dist/console';

type ConsoleAsset = { body: Uint8Array; type: string };

/** The built console, held in memory (a few hundred KB): the shell and its assets by file name. */
export type ConsoleAssets = { shell: string; files: ReadonlyMap<string, ConsoleAsset> };

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/**
 * Reads the built console, or answers undefined when it was not built (a clone before `npm run
 * build`): the server then says so at /console instead of failing to start.
 */
export async function loadConsoleAssets(
  folder = join(packageRoot(), CONSOLE_FOLDER),
): Promise<ConsoleAssets | undefined> {
  if (!existsSync(join(folder, 'index.html'))) return undefined;
  const shell = await readFile(join(folder, 'index.html'), 'utf8');
  const files = new Map<string, ConsoleAsset>();
  for (const name of await readdir(join(folder, 'assets'))) {
    const type = TYPES[extname(name)];
    if (type !== undefined) files.set(name, { body: await readFile(join(folder, 'assets', name)), type });
  }
  return { shell, files };
}
