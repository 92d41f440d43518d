import { createReadStream, existsSync } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { createGunzip } from 'node:zlib';
import { packageRoot } from '../../package-root.js';

/**
 * A new PGlite database as the build leaves it: initialised, migrated, pgvector created, as a
 * gzipped tar of its data folder (`PGlite.dumpDataDir`). Written by
 * scripts/build-pgdata-template.mjs with the PGlite version the package ships.
 */
export const PGDATA_TEMPLATE_FILE = 'dist/pgdata-template/pgdata.tar.gz';

const BLOCK = 512;

/**
 * Lays a new database into `pgdata` from the template, when the build wrote one and the folder
 * holds no database yet; returns whether it did. PGlite then opens it as an existing database,
 * where creating one (initdb, in a second PostgreSQL instance) takes seconds and hundreds of MB.
 * The archive is read as a stream (whole, its 40 MB stayed in the process's heap), into a folder
 * beside `pgdata` that is moved in at once, so that a process stopped half-way never leaves half
 * a database behind.
 */
export async function unpackPgdataTemplate(pgdata: string): Promise<boolean> {
  if (existsSync(join(pgdata, 'PG_VERSION'))) return false;
  const template = join(packageRoot(), PGDATA_TEMPLATE_FILE);
  if (!existsSync(template)) return false;
  const aside = `${pgdata}.new-${process.pid}`;
  await rm(aside, { recursive: true, force: true });
  try {
    await mkdir(aside, { recursive: true, mode: 0o700 });
    await unpackTar(createReadStream(template).pipe(createGunzip({ chunkSize: 256 * 1024 })), aside);
    // The folder may exist empty (made with the data folder); a rename replaces only an empty one.
    if (existsSync(pgdata) && (await readdir(pgdata)).length === 0) await rmdir(pgdata);
    await rename(aside, pgdata);
  } finally {
    await rm(aside, { recursive: true, force: true });
  }
  return true;
}

/** Writes the folders and files of a ustar archive, as `dumpDataDir` writes it (paths from `/`), under `folder`. */
async function unpackTar(archive: AsyncIterable<Buffer>, folder: string): Promise<void> {
  let buffered: Buffer = Buffer.alloc(0);
  /** The file being written, and how many of its bytes and then of padding are still to come. */
  let file: { handle: FileHandle; remaining: number } | undefined;
  let skip = 0;
  for await (const chunk of archive) {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    for (;;) {
      if (file) {
        const part = buffered.subarray(0, Math.min(file.remaining, buffered.length));
        await file.handle.write(part);
        file.remaining -= part.length;
        buffered = buffered.subarray(part.length);
        if (file.remaining > 0) break;
        await file.handle.close();
        file = undefined;
      }
      if (skip > 0) {
        const skipped = Math.min(skip, buffered.length);
        skip -= skipped;
        buffered = buffered.subarray(skipped);
        if (skip > 0) break;
      }
      if (buffered.length < BLOCK) break;
      const header = readHeader(buffered.subarray(0, BLOCK));
      buffered = buffered.subarray(BLOCK);
      if (header === undefined) return;
      const path = join(folder, header.path);
      if (header.type === '5') {
        await mkdir(path, { recursive: true, mode: 0o700 });
        continue;
      }
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      file = { handle: await open(path, 'w', 0o600), remaining: header.size };
      skip = Math.ceil(header.size / BLOCK) * BLOCK - header.size;
      if (header.size === 0) {
        await file.handle.close();
        file = undefined;
      }
    }
  }
  if (file) {
    await file.handle.close();
    throw new Error('the database template ends in the middle of a file');
  }
}

/** One ustar header: a folder ('5') or a file ('0'); undefined at the archive's end. */
function readHeader(block: Buffer): { type: '0' | '5'; path: string; size: number } | undefined {
  const text = (start: number, length: number) =>
    block.toString('utf8', start, start + length).replace(/\0.*$/s, '');
  const name = text(0, 100);
  if (name === '') return undefined;
  const prefix = text(345, 155);
  const size = Number.parseInt(text(124, 12).trim() || '0', 8);
  const type = text(156, 1) || '0';
  const path = normalize((prefix ? `${prefix}/${name}` : name).replace(/^\/+/, ''));
  if (path === '..' || path.startsWith(`..${sep}`) || Number.isNaN(size))
    throw new Error(`the database template holds an unexpected entry: ${name}`);
  if (type !== '0' && type !== '5')
    throw new Error(`the database template holds an entry of type ${type}: ${name}`);
  return { type, path, size };
}
