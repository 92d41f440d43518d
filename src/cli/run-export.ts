import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import type { Config } from '../config.js';
import { exportWorkspaces, listWorkspaceIds } from '../engine/export/export-workspaces.js';
import { MemoryError } from '../service/errors.js';
import { openEngine } from './open-engine.js';
import { describeStore } from './open-store.js';

/**
 * `peermem export [--workspace W | --all] [--out FILE]`: writes the export file (docs/export.md)
 * to FILE, or to stdout. A file is written beside itself and renamed when whole, so a FILE that
 * exists is always a complete export. Returns the exit code: 0 done, 1 nothing to export or an
 * unusable database or file.
 */
export async function runExport(config: Config): Promise<number> {
  const fail = (message: string) => {
    console.error(`peermem: export: ${message}`);
    return 1;
  };
  const started = performance.now();
  const { database, engine } = openEngine(config, { deriver: false });
  const partial = config.out === undefined ? undefined : `${config.out}.partial`;
  try {
    const workspaces = config.all ? await listWorkspaceIds(database) : [config.workspace];
    if (!config.all) {
      const found = await database.query('SELECT 1 FROM workspaces WHERE id = $1', [config.workspace]);
      if (found.length === 0)
        return fail(
          `workspace "${config.workspace}" does not exist in the ${describeStore(config)}; peermem workspaces lists those there`,
        );
    }
    const out: Writable =
      partial === undefined ? process.stdout : createWriteStream(partial, { mode: 0o600 });
    let bytes = 0;
    for await (const chunk of exportWorkspaces(database, workspaces)) {
      bytes += Buffer.byteLength(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
    }
    if (partial !== undefined && config.out !== undefined) {
      out.end();
      await once(out, 'finish');
      await rename(partial, config.out);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.error(
        `peermem: exported ${workspaces.length === 1 ? `workspace "${workspaces[0]}"` : `${workspaces.length} workspaces`} to ${config.out} (${bytes.toLocaleString('en-US')} bytes) in ${seconds} s`,
      );
    }
    return 0;
  } catch (error) {
    if (partial !== undefined) await rm(partial, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== undefined && typeof code === 'string' && code.startsWith('E'))
      return fail(`cannot write ${config.out ?? 'stdout'}: ${code}`);
    if (!(error instanceof MemoryError)) throw error;
    return fail(`${error.message}${error.hint ? `. ${error.hint}` : ''}`);
  } finally {
    await engine.stop();
    await database.close();
  }
}
