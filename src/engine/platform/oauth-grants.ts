// OAuth grants for `/mcp` (see migrations/0022_oauth.ts): the clients registered, and the codes
// and tokens of each grant, stored as their hashes. Which request may do what is decided at the
// HTTP edge (src/http/oauth); here each secret is issued, spent once, or found live.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MemoryError } from '../../service/errors.js';
import { isoTimestamp } from '../columns.js';
import type { Database } from '../database/database.js';
import type { SessionKey } from './console-sessions.js';
import { foundAndTouched } from './last-used.js';

/** A grant as the platform API and the console list it: never a secret. */
export type OAuthGrant = {
  id: string;
  client_id: string;
  client_name: string | null;
  workspace_id: string;
  organization_id: string | null;
  key_id: string | null;
  resource: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};

export type RegisteredClient = { client_id: string; client_name: string | null; redirect_uris: string[] };

/** What an access token found live lets a request reach. */
export type LiveGrant = { id: string; workspace: string; clientId: string; resource: string };

export type IssuedTokens = { accessToken: string; refreshToken: string; expiresInSeconds: number };

export type TokenLifetimes = { accessMs: number; refreshMs: number };

/** How an access token begins: `/mcp` tells it from an API key by it. */
export const ACCESS_TOKEN_PREFIX = 'pmat_';

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const secret = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;
const adminKeyProof = (adminKey: string, grantId: string) =>
  createHmac('sha256', adminKey).update(grantId).digest('hex');

const GRANT_JSON = `json_build_object('id', g.id, 'client_id', g.client_id, 'client_name', g.client_name,
  'workspace_id', g.workspace_id, 'organization_id', g.organization_id, 'key_id', g.key_id,
  'resource', g.resource, 'created_at', ${isoTimestamp('g.created_at')},
  'last_used_at', CASE WHEN g.last_used_at IS NULL THEN NULL ELSE ${isoTimestamp('g.last_used_at')} END,
  'revoked_at', CASE WHEN g.revoked_at IS NULL THEN NULL ELSE ${isoTimestamp('g.revoked_at')} END)`;

/** The grant is not revoked and its stored key (when it has one) is neither revoked nor expired. */
const GRANT_KEY_LIVE = `g.revoked_at IS NULL AND (g.key_id IS NULL OR EXISTS (
  SELECT 1 FROM api_keys k WHERE k.id = g.key_id AND k.revoked_at IS NULL
    AND (k.expires_at IS NULL OR k.expires_at > now())))`;

export async function registerClient(
  db: Database,
  client: { clientName: string | undefined; redirectUris: readonly string[] },
): Promise<RegisteredClient> {
  const clientId = `pmc_${randomBytes(16).toString('base64url')}`;
  await db.query(
    'INSERT INTO oauth_clients (client_id, client_name, redirect_uris) VALUES ($1, $2, $3::jsonb)',
    [clientId, client.clientName ?? null, JSON.stringify(client.redirectUris)],
  );
  return {
    client_id: clientId,
    client_name: client.clientName ?? null,
    redirect_uris: [...client.redirectUris],
  };
}

/**
 * Deletes the registered clients older than `unusedMs` that no grant names (registered, never
 * signed in with), then counts the clients left. A grant keeps its client even once revoked, so
 * the grant lists keep naming it.
 */
export async function sweepRegisteredClients(db: Database, unusedMs: number): Promise<number> {
  await db.query(
    `DELETE FROM oauth_clients c
      WHERE c.created_at < now() - $1::bigint * interval '1 millisecond'
        AND NOT EXISTS (SELECT 1 FROM oauth_grants g WHERE g.client_id = c.client_id)`,
    [Math.round(unusedMs)],
  );
  const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM oauth_clients');
  return row?.count ?? 0;
}

export async function findRegisteredClient(
  db: Database,
  clientId: string,
): Promise<RegisteredClient | undefined> {
  const [row] = await db.query<RegisteredClient>(
    'SELECT client_id, client_name, redirect_uris FROM oauth_clients WHERE client_id = $1',
    [clientId],
  );
  return row;
}

export type NewGrant = {
  clientId: string;
  clientName: string | null;
  workspace: string;
  organization: string | undefined;
  key: SessionKey;
  resource: string;
  codeChallenge: string;
  redirectUri: string;
  codeTtlMs: number;
};

/** Records the grant a person consented to, with the one authorization code that redeems it. */
export async function createGrant(db: Database, grant: NewGrant): Promise<{ code: string }> {
  const id = `grant_${randomBytes(12).toString('base64url')}`;
  const code = secret('pmcode_');
  await db.query(
    `WITH granted AS (
       INSERT INTO oauth_grants (id, client_id, client_name, workspace_id, organization_id, key_id, admin_key_proof, resource)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id
     )
     INSERT INTO oauth_tokens (token_sha256, grant_id, kind, code_challenge, redirect_uri, expires_at)
     SELECT $9, id, 'code', $10, $11, now() + $12::bigint * interval '1 millisecond' FROM granted`,
    [
      id,
      grant.clientId,
      grant.clientName,
      grant.workspace,
      grant.organization ?? null,
      grant.key.kind === 'stored' ? grant.key.id : null,
      grant.key.kind === 'configured' ? adminKeyProof(grant.key.adminKey, id) : null,
      grant.resource,
      hash(code),
      grant.codeChallenge,
      grant.redirectUri,
      Math.round(grant.codeTtlMs),
    ],
  );
  return { code };
}

/** A code or refresh token spent by this call, with what it was issued for. */
export type SpentSecret = {
  grantId: string;
  clientId: string;
  resource: string;
  codeChallenge: string | null;
  redirectUri: string | null;
};

/**
 * Spends a live code or refresh token once. A secret of that kind shown again after it was spent
 * ends its grant (RFC 9700: a replayed code or refresh token means someone else holds it too), and
 * the answer is undefined as for one never issued.
 */
export async function spendSecret(
  db: Database,
  kind: 'code' | 'refresh',
  given: string,
): Promise<SpentSecret | undefined> {
  const [row] = await db.query<
    Pick<OAuthGrant, 'client_id' | 'resource'> & {
      grant_id: string;
      code_challenge: string | null;
      redirect_uri: string | null;
      spent_before: boolean;
    }
  >(
    `WITH found AS (
       SELECT t.token_sha256, t.grant_id, t.used_at IS NOT NULL AS spent_before, t.expires_at > now() AS live
       FROM oauth_tokens t WHERE t.token_sha256 = $1 AND t.kind = $2
     ),
     spent AS (
       UPDATE oauth_tokens t SET used_at = now() FROM found f
       WHERE t.token_sha256 = f.token_sha256 AND NOT f.spent_before AND f.live
       RETURNING t.grant_id, t.code_challenge, t.redirect_uri
     ),
     replayed AS (
       UPDATE oauth_grants g SET revoked_at = coalesce(g.revoked_at, now()) FROM found f
       WHERE g.id = f.grant_id AND f.spent_before
     )
     SELECT s.grant_id, g.client_id, g.resource, s.code_challenge, s.redirect_uri, false AS spent_before
     FROM spent s JOIN oauth_grants g ON g.id = s.grant_id`,
    [hash(given), kind],
  );
  if (!row) return undefined;
  return {
    grantId: row.grant_id,
    clientId: row.client_id,
    resource: row.resource,
    codeChallenge: row.code_challenge,
    redirectUri: row.redirect_uri,
  };
}

/**
 * A new access token and refresh token for a live grant (its key still live, or the admin key it
 * was made with still the one configured), or undefined when the grant has ended.
 */
export async function issueTokens(
  db: Database,
  grantId: string,
  adminKey: string,
  lifetimes: TokenLifetimes,
): Promise<IssuedTokens | undefined> {
  const accessToken = secret(ACCESS_TOKEN_PREFIX);
  const refreshToken = secret('pmrt_');
  const [row] = await db.query<{ admin_key_proof: string | null; issued: boolean }>(
    `WITH grant_row AS (SELECT g.id, g.admin_key_proof FROM oauth_grants g WHERE g.id = $1 AND ${GRANT_KEY_LIVE}),
     -- Each issue drops what expired a day ago, so the table holds live secrets without a sweeper
     -- (a spent refresh token is kept until it expires, to tell a replay).
     swept AS (DELETE FROM oauth_tokens WHERE expires_at < now() - interval '1 day'),
     issued AS (
       INSERT INTO oauth_tokens (token_sha256, grant_id, kind, expires_at)
       SELECT $2, id, 'access', now() + $4::bigint * interval '1 millisecond' FROM grant_row
       UNION ALL
       SELECT $3, id, 'refresh', now() + $5::bigint * interval '1 millisecond' FROM grant_row
       RETURNING 1
     )
     SELECT admin_key_proof, (SELECT count(*) FROM issued) > 0 AS issued FROM grant_row`,
    [
      grantId,
      hash(accessToken),
      hash(refreshToken),
      Math.round(lifetimes.accessMs),
      Math.round(lifetimes.refreshMs),
    ],
  );
  if (!row?.issued) return undefined;
  // Issued within the statement; a grant of a former admin key is ended before its tokens are used.
  if (row.admin_key_proof !== null && !sameProof(row.admin_key_proof, adminKeyProof(adminKey, grantId))) {
    await revokeGrantById(db, grantId);
    return undefined;
  }
  return { accessToken, refreshToken, expiresInSeconds: Math.round(lifetimes.accessMs / 1000) };
}

/** The grant a live access token belongs to; its last use is written at most once a minute. */
export async function findAccessToken(
  db: Database,
  token: string,
  adminKey: string,
): Promise<LiveGrant | undefined> {
  const [row] = await db.query<
    Pick<OAuthGrant, 'id' | 'workspace_id' | 'client_id' | 'resource'> & { admin_key_proof: string | null }
  >(
    foundAndTouched(
      `SELECT g.id, g.workspace_id, g.client_id, g.resource, g.admin_key_proof
       FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id
       WHERE t.token_sha256 = $1 AND t.kind = 'access' AND t.expires_at > now() AND ${GRANT_KEY_LIVE}`,
      'oauth_grants',
    ),
    [hash(token)],
  );
  if (!row) return undefined;
  if (row.admin_key_proof !== null && !sameProof(row.admin_key_proof, adminKeyProof(adminKey, row.id)))
    return undefined;
  return { id: row.id, workspace: row.workspace_id, clientId: row.client_id, resource: row.resource };
}

/**
 * RFC 7009: a refresh token ends its whole grant, an access token only itself. A token unknown,
 * or of another client, changes nothing (the answer is the same: nothing is told).
 */
export async function revokeToken(db: Database, token: string, clientId: string): Promise<void> {
  await db.query(
    `WITH found AS (
       SELECT t.token_sha256, t.kind, t.grant_id FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id
       WHERE t.token_sha256 = $1 AND t.kind IN ('access', 'refresh') AND g.client_id = $2
     ),
     ended AS (
       UPDATE oauth_tokens t SET expires_at = least(t.expires_at, now()) FROM found f
       WHERE t.token_sha256 = f.token_sha256
     )
     UPDATE oauth_grants g SET revoked_at = coalesce(g.revoked_at, now()) FROM found f
     WHERE g.id = f.grant_id AND f.kind = 'refresh'`,
    [hash(token), clientId],
  );
}

/** Grants newest first: of one workspace, of an organization's workspaces, or all. */
export async function listGrants(
  db: Database,
  within: { workspace?: string | undefined; organization?: string | undefined },
): Promise<OAuthGrant[]> {
  const [row] = await db.query<{ grants: OAuthGrant[] }>(
    `SELECT coalesce(json_agg(${GRANT_JSON} ORDER BY g.created_at DESC, g.id), '[]') AS grants
     FROM oauth_grants g
     WHERE ($1::text IS NULL OR g.workspace_id = $1)
       AND ($2::text IS NULL
         OR g.workspace_id IN (SELECT w.workspace_id FROM organization_workspaces w WHERE w.organization_id = $2))`,
    [within.workspace ?? null, within.organization ?? null],
  );
  return row?.grants ?? [];
}

/** Revokes a grant of the workspace at once: its tokens are refused from the next request on. */
export async function revokeGrant(db: Database, workspace: string, id: string): Promise<OAuthGrant> {
  const [row] = await db.query<{ grant: OAuthGrant }>(
    `WITH revoked AS (
       UPDATE oauth_grants SET revoked_at = coalesce(revoked_at, now())
       WHERE id = $1 AND workspace_id = $2 RETURNING *
     )
     SELECT ${GRANT_JSON} AS grant FROM revoked g`,
    [id, workspace],
  );
  if (!row)
    throw new MemoryError('not_found', `OAuth grant "${id}" does not exist in this workspace`, {
      field: 'grant_id',
    });
  return row.grant;
}

async function revokeGrantById(db: Database, id: string): Promise<void> {
  await db.query('UPDATE oauth_grants SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1', [id]);
}

const sameProof = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
