// Sign-ins of the web console: the cookie's token is stored as its hash, with the key it was
// opened with (see migrations/0017_console_sessions.ts). Whether a request with it may do what it
// asks is decided at the HTTP edge, as for a bearer key.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../database/database.js';
import type { FoundApiKey } from './api-keys.js';

/** The key a console session acts with: a stored key's id, or the configured admin key. */
export type SessionKey = { kind: 'stored'; id: string } | { kind: 'configured'; adminKey: string };

export type OpenedConsoleSession = { token: string; csrfToken: string; expiresAt: string };

/** A live session: the key it acts with, as a bearer key would be found, and its CSRF token. */
export type FoundConsoleSession = { caller: FoundApiKey; csrfToken: string; expiresAt: string };

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Ties a configured admin key to one session without storing it: a hash of the key alone would
 * be the same in every session and could be tried against guesses; keyed by the session it is not.
 */
const adminKeyProof = (adminKey: string, hash: string) =>
  createHmac('sha256', adminKey).update(hash).digest('hex');

/**
 * Opens a session for `key` until `ttlMs` from now, and drops the sessions that have expired (in
 * the same statement, so the table holds only live ones without a sweeper).
 */
export async function openConsoleSession(
  db: Database,
  key: SessionKey,
  ttlMs: number,
): Promise<OpenedConsoleSession> {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  const hash = tokenHash(token);
  const [row] = await db.query<{ expires_at: string }>(
    `WITH swept AS (DELETE FROM console_sessions WHERE expires_at <= now())
     INSERT INTO console_sessions (token_sha256, key_id, admin_key_proof, csrf_token, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5::bigint * interval '1 millisecond')
     RETURNING to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expires_at`,
    [
      hash,
      key.kind === 'stored' ? key.id : null,
      key.kind === 'configured' ? adminKeyProof(key.adminKey, hash) : null,
      csrfToken,
      Math.round(ttlMs),
    ],
  );
  if (!row) throw new Error('the console session was not stored');
  return { token, csrfToken, expiresAt: row.expires_at };
}

/**
 * The live session with this token: not expired, and its key still live (a stored key not
 * revoked or expired; for the configured admin key, the one configured now). A stored key's last
 * use is written as a bearer use is, at most once a minute.
 */
export async function findConsoleSession(
  db: Database,
  token: string,
  adminKey: string,
): Promise<FoundConsoleSession | undefined> {
  const hash = tokenHash(token);
  const [row] = await db.query<{
    key_id: string | null;
    admin_key_proof: string | null;
    csrf_token: string;
    expires_at: string;
    organization_id: string | null;
    member: string | null;
    workspace_id: string | null;
    peer_id: string | null;
    session_id: string | null;
  }>(
    `WITH found AS (
       SELECT s.key_id, s.admin_key_proof, s.csrf_token,
         to_char(s.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expires_at,
         k.organization_id, k.member, k.workspace_id, k.peer_id, k.session_id
       FROM console_sessions s LEFT JOIN api_keys k ON k.id = s.key_id
       WHERE s.token_sha256 = $1 AND s.expires_at > now()
         AND (s.key_id IS NULL OR (k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())))
     ),
     touched AS (
       UPDATE api_keys k SET last_used_at = now() FROM found f
       WHERE k.id = f.key_id AND (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute')
     )
     SELECT * FROM found`,
    [hash],
  );
  if (!row) return undefined;
  if (row.key_id === null) {
    const expected = Buffer.from(adminKeyProof(adminKey, hash));
    const stored = Buffer.from(row.admin_key_proof ?? '');
    if (stored.length !== expected.length || !timingSafeEqual(stored, expected)) return undefined;
    return { caller: { id: 'configured' }, csrfToken: row.csrf_token, expiresAt: row.expires_at };
  }
  const named = (value: string | null) => value ?? undefined;
  return {
    caller: {
      id: row.key_id,
      organization: named(row.organization_id),
      member: named(row.member),
      workspace: named(row.workspace_id),
      peer: named(row.peer_id),
      session: named(row.session_id),
    },
    csrfToken: row.csrf_token,
    expiresAt: row.expires_at,
  };
}

/** Ends a session (signing out); ending one that is gone already is not an error. */
export async function closeConsoleSession(db: Database, token: string): Promise<void> {
  await db.query('DELETE FROM console_sessions WHERE token_sha256 = $1', [tokenHash(token)]);
}
