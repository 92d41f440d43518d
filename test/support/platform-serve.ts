import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from './mcp-targets.js';
import { createIsolatedDatabase } from './postgres.js';
import { makeTempDir } from './temp-dir.js';

/** The admin key the platform servers of the tests are started with. */
export const PLATFORM_ADMIN_KEY = 'platform-admin-key-for-tests-0123456789';

export type PlatformServer = {
  /** `http://127.0.0.1:PORT`, the base URL the SDK and a platform upstream take. */
  baseURL: string;
  /** Stops the server (and removes its data folder); safe to call twice. */
  stop(): Promise<void>;
  /** What the server wrote to stderr so far. */
  log(): string;
};

export type PlatformServerOptions = {
  /** A Postgres database to share (several servers on one), instead of a fresh one. */
  databaseUrl?: string;
  /** More settings, as variables. */
  env?: Record<string, string>;
};

/**
 * `peermem serve` as a user runs it for the platform API alone: only `PEERMEM_ADMIN_KEY`, no
 * payment settings, on a free loopback port, over PGlite in a folder of its own or over a fresh
 * Postgres database named after `name`.
 */
export async function startPlatformServer(
  database: 'pglite' | 'postgres',
  name: string,
  options: PlatformServerOptions = {},
): Promise<PlatformServer> {
  const dataDir = database === 'pglite' ? await makeTempDir() : undefined;
  const store =
    dataDir === undefined
      ? { DATABASE_URL: options.databaseUrl ?? (await createIsolatedDatabase(name)) }
      : { PEERMEM_DATA_DIR: dataDir.path };
  const child: ChildProcess = spawn(
    process.execPath,
    [join(PROJECT_ROOT, 'dist/src/main.js'), 'serve', '--host', '127.0.0.1', '--port', '0'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PEERMEM_ADMIN_KEY: PLATFORM_ADMIN_KEY,
        ...store,
        ...options.env,
      },
    },
  );
  let stderr = '';
  const baseURL = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 60_000);
    child.stderr?.on('data', (data: Buffer) => {
      stderr += data.toString();
      const url = /platform API at (\S+)\/v3/.exec(stderr)?.[1];
      if (url !== undefined) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`serve exited: ${stderr}`));
    });
  });
  return {
    baseURL,
    log: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await dataDir?.remove();
    },
  };
}
