import { UnavailableError } from '../../service/errors.js';

/**
 * Where a database lives, as it may be shown to a caller: host, port and database name for a
 * Postgres server (never its user's password, never the whole URL), the folder for PGlite.
 */
export type DatabasePlace =
  | { kind: 'postgres'; address: string; database: string }
  | { kind: 'pglite'; dataDir: string };

/**
 * The database is unreachable, missing, read-only or full. A kind of `UnavailableError` of its
 * own, so that the deriver can tell a lost database from other things that are unavailable
 * (an embedding model, a payment facilitator).
 */
export class DatabaseUnavailableError extends UnavailableError {
  override name = 'DatabaseUnavailableError';
}

const CHECK_URL = 'Check DATABASE_URL (--database-url).';
const CHOOSE_FOLDER = 'or choose another folder with --data-dir (PEERMEM_DATA_DIR).';

/**
 * Describes the Postgres server a URL names, parsing it as postgres.js does (several hosts
 * separated by commas are allowed). A URL that cannot be parsed can never connect: it throws.
 */
export function postgresPlace(url: string): DatabasePlace {
  const hosts = (url.slice(url.indexOf('://') + 3).split(/[?/]/)[0] ?? '').replace(/^.*@/, '');
  let parsed: URL;
  try {
    parsed = new URL(url.replace(hosts, hosts.split(',')[0] ?? ''));
  } catch {
    throw new DatabaseUnavailableError('the database URL is not a valid postgres:// URL', {
      hint: 'Check DATABASE_URL (--database-url): postgres://user:password@host:5432/database.',
    });
  }
  const host = hosts.includes(',')
    ? hosts
    : `${parsed.hostname || parsed.searchParams.get('host') || 'localhost'}:${parsed.port || '5432'}`;
  const database =
    decodeURIComponent(parsed.pathname.slice(1)) || decodeURIComponent(parsed.username) || 'postgres';
  return { kind: 'postgres', address: host, database };
}

/**
 * The `DatabaseUnavailableError` a failure of the database at `place` stands for, or undefined
 * when it is not about the database being reachable, present, writable or ready (a bad
 * statement, a bad value). This is the one place that turns driver and file-system codes into
 * something a caller can act on; the MCP tools and the gateway show it as any `MemoryError`
 * (code `unavailable`, HTTP 503).
 */
export function databaseUnavailable(
  error: unknown,
  place: DatabasePlace,
): DatabaseUnavailableError | undefined {
  if (error instanceof DatabaseUnavailableError) return error;
  const code = errorCode(error);
  if (code === undefined) return undefined;
  const found = place.kind === 'postgres' ? postgresFailure(code, place) : dataFolderFailure(code, place);
  return found && new DatabaseUnavailableError(found.message, { hint: found.hint, cause: error });
}

/**
 * PGlite's file system reports an errno number without a code: Emscripten's numbering, which is
 * not the operating system's (only the numbers of the codes this file maps).
 */
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  20: 'EEXIST',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

function errorCode(error: unknown): string | undefined {
  const { code, name, errno } = (error ?? {}) as { code?: unknown; name?: unknown; errno?: unknown };
  if (typeof code === 'string') return code;
  if (name === 'ErrnoError' && typeof errno === 'number') return EMSCRIPTEN_ERRNO[errno];
  return undefined;
}

type Failure = { message: string; hint: string } | undefined;

function postgresFailure(
  code: string,
  { address, database }: { address: string; database: string },
): Failure {
  const at = `the database at ${address}`;
  switch (code) {
    case 'ECONNREFUSED':
      return { message: `${at} refused the connection`, hint: `Is Postgres running? ${CHECK_URL}` };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return {
        message: `the database host of ${address} could not be found`,
        hint: `Check the host name in DATABASE_URL (--database-url).`,
      };
    case 'ETIMEDOUT':
    case 'CONNECT_TIMEOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return {
        message: `${at} did not answer`,
        hint: `Is Postgres running and reachable from here? ${CHECK_URL}`,
      };
    case 'ECONNRESET':
    case 'EPIPE':
    case 'CONNECTION_CLOSED':
    case 'CONNECTION_DESTROYED':
      return {
        message: `the connection to ${at} was lost`,
        hint: `Try again; if it keeps failing, check that Postgres is running. ${CHECK_URL}`,
      };
    case '3D000':
      return {
        message: `the database "${database}" does not exist on ${address}`,
        hint: `Create it (createdb ${database}) or correct the database name in DATABASE_URL (--database-url).`,
      };
    case '28P01':
    case '28000':
      return {
        message: `${at} refused the user name or password`,
        hint: `Check the user and password in DATABASE_URL (--database-url).`,
      };
    case '53100':
      return {
        message: `${at} is out of disk space`,
        hint: 'Free space on the database server, then try again.',
      };
    case '53300':
      return {
        message: `${at} has no connection slots left`,
        hint: 'Try again shortly, or raise max_connections on the server.',
      };
    case '25006':
      return {
        message: `${at} is read-only`,
        hint: 'Point DATABASE_URL (--database-url) at a server that accepts writes (the primary).',
      };
    case '57P01':
    case '57P02':
    case '57P03':
      return {
        message: `${at} is shutting down or starting up`,
        hint: 'Try again in a few seconds.',
      };
    default:
      return undefined;
  }
}

function dataFolderFailure(code: string, { dataDir }: { dataDir: string }): Failure {
  const folder = `the data folder ${dataDir}`;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return {
        message: `${folder} is not writable by this user`,
        hint: `Give this user write access to it, ${CHOOSE_FOLDER}`,
      };
    case 'EROFS':
      return {
        message: `${folder} is on a read-only file system`,
        hint: 'Choose a folder on a writable disk with --data-dir (PEERMEM_DATA_DIR).',
      };
    case 'ENOSPC':
    case 'EDQUOT':
    case '53100':
      return { message: `the disk that holds ${folder} is full`, hint: 'Free some space, then try again.' };
    case 'ENOTDIR':
    case 'EEXIST':
      return {
        message: `${folder} cannot be created: a part of its path is a file`,
        hint: `Remove that file, ${CHOOSE_FOLDER}`,
      };
    default:
      return undefined;
  }
}
