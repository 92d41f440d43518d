import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UnavailableError } from '../../service/errors.js';
import type { Database } from './database.js';
import { DatabaseUnavailableError } from './database-unavailable.js';
import { openPglite } from './open-pglite.js';
import { connectQueryRelay, RelayClosedError, serveQueryRelay } from './query-relay.js';

/**
 * Opens the embedded database in a data folder that other peermem processes may share.
 *
 * PGlite must be opened by one process only. The first process to take the folder's lock file
 * opens it and serves a query relay on a local socket; every later process (a second editor
 * window, a worker) sends its statements through that relay. When the owner exits, the next
 * statement from another process takes the lock over and opens the database itself.
 */
export async function openDataFolder(
  dataDir: string,
  options: { waitForOwnerMs?: number } = {},
): Promise<Database> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const folder = describeFolder(dataDir);
  let current = await takeOverOrJoin(folder, options.waitForOwnerMs ?? 120_000);
  let electing: Promise<Database> | undefined;

  async function reelect(failed: Database): Promise<Database> {
    if (current !== failed) return current;
    electing ??= takeOverOrJoin(folder, options.waitForOwnerMs ?? 120_000).finally(() => {
      electing = undefined;
    });
    current = await electing;
    return current;
  }

  return {
    kind: 'pglite',
    async query(text, params) {
      const database = current;
      try {
        return await database.query(text, params);
      } catch (error) {
        if (!(error instanceof RelayClosedError)) throw error;
        const next = await reelect(database);
        if (error.notSent) return next.query(text, params);
        throw new UnavailableError(
          'The peermem process that owned the data folder exited while this request ran; it may or may not have been applied.',
          { hint: 'Check with a read (for example list_messages) before retrying a write.' },
        );
      }
    },
    async close() {
      await current.close();
    },
  };
}

type Folder = { lockPath: string; socketPath: string; pgdataPath: string };

function describeFolder(dataDir: string): Folder {
  const nearby = join(dataDir, 'peermem.sock');
  // A Unix socket path is limited to about 100 bytes; a deep data folder puts it in the temp folder.
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  const socketPath =
    process.platform === 'win32'
      ? `\\\\.\\pipe\\peermem-${hash}`
      : Buffer.byteLength(nearby) < 100
        ? nearby
        : join(tmpdir(), `peermem-${hash}.sock`);
  return { lockPath: join(dataDir, 'peermem.lock'), socketPath, pgdataPath: join(dataDir, 'pgdata') };
}

async function takeOverOrJoin(folder: Folder, waitForOwnerMs: number): Promise<Database> {
  const deadline = Date.now() + waitForOwnerMs;
  for (;;) {
    if (await tryTakeLock(folder)) return becomeOwner(folder);
    const owner = await readLock(folder.lockPath);
    if (owner && !isAlive(owner.pid)) {
      await breakStaleLock(folder.lockPath, owner.pid);
      continue;
    }
    if (owner) {
      try {
        return await connectQueryRelay(owner.socketPath);
      } catch {
        // The owner is alive but still opening its database (seconds for a large folder).
      }
    }
    if (Date.now() > deadline) {
      throw new DatabaseUnavailableError(
        `The data folder is held by process ${owner?.pid ?? '?'}, which does not answer on ${folder.socketPath}.`,
        { hint: `If no peermem process is running, delete ${folder.lockPath} and start again.` },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function tryTakeLock(folder: Folder): Promise<boolean> {
  try {
    const handle = await open(folder.lockPath, 'wx', 0o600);
    await handle.writeFile(JSON.stringify({ pid: process.pid, socketPath: folder.socketPath }));
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function readLock(lockPath: string): Promise<{ pid: number; socketPath: string } | undefined> {
  try {
    const owner = JSON.parse(await readFile(lockPath, 'utf8')) as { pid: number; socketPath: string };
    return Number.isInteger(owner.pid) ? owner : undefined;
  } catch {
    // Gone, or still being written by its new owner: look again on the next turn.
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Renaming is atomic, so of several processes breaking the same stale lock only one succeeds. */
async function breakStaleLock(lockPath: string, pid: number): Promise<void> {
  const aside = `${lockPath}.stale-${pid}-${randomBytes(4).toString('hex')}`;
  try {
    await rename(lockPath, aside);
    await rm(aside, { force: true });
  } catch {
    // Another process broke it first.
  }
}

async function becomeOwner(folder: Folder): Promise<Database> {
  try {
    const database = await openPglite(folder.pgdataPath);
    if (process.platform !== 'win32') await rm(folder.socketPath, { force: true });
    const relay = await serveQueryRelay(database, folder.socketPath);
    if (process.platform !== 'win32') await chmod(folder.socketPath, 0o600);
    return {
      kind: 'pglite',
      query: (text, params) => database.query(text, params),
      async close() {
        await relay.close();
        await database.close();
        await rm(folder.lockPath, { force: true });
      },
    };
  } catch (error) {
    await rm(folder.lockPath, { force: true });
    throw error;
  }
}
