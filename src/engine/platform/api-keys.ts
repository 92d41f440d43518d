// The platform's API keys: minted with a scope, shown once, kept as a hash, revocable, and
// optionally expiring. Which requests a scope admits is decided at the HTTP edge
// (src/http/platform/platform-auth.ts); this file only keeps the keys.
import { createHash, randomBytes } from 'node:crypto';
import { MemoryError } from '../../service/errors.js';
import { isoTimestamp } from '../columns.js';
import type { Database } from '../database/database.js';
import { foundAndTouched } from './last-used.js';
import { organizationNotFound, workspaceOrganization } from './organizations.js';

/**
 * What a key may reach: nothing named is everything (an admin key); an organization alone is
 * that organization's workspaces; a workspace, or a peer or a session in it, is that only.
 */
type KeyScope = {
  organization?: string | undefined;
  /** The member of the organization the key was minted for. */
  member?: string | undefined;
  /** The member of the organization who minted it: it ends with their admin rights. */
  mintedBy?: string | undefined;
  workspace?: string | undefined;
  peer?: string | undefined;
  session?: string | undefined;
};

type ApiKeyKind = 'admin' | 'organization' | 'workspace' | 'peer' | 'session';

/** A key as it is listed: everything but its secret. */
export type ApiKey = {
  id: string;
  name: string | null;
  kind: ApiKeyKind;
  organization_id: string | null;
  member: string | null;
  minted_by: string | null;
  workspace_id: string | null;
  peer_id: string | null;
  session_id: string | null;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
};

export type NewApiKey = KeyScope & {
  name?: string | undefined;
  /** ISO 8601; the key is refused from then on. */
  expiresAt?: string | undefined;
};

/** A key that authenticated a request: its id and scope. */
export type FoundApiKey = KeyScope & { id: string };

const API_KEY_JSON = `json_build_object('id', k.id, 'name', k.name,
  'kind', CASE WHEN k.session_id IS NOT NULL THEN 'session' WHEN k.peer_id IS NOT NULL THEN 'peer'
    WHEN k.workspace_id IS NOT NULL THEN 'workspace' WHEN k.organization_id IS NOT NULL THEN 'organization'
    ELSE 'admin' END,
  'organization_id', k.organization_id, 'member', k.member, 'minted_by', k.minted_by,
  'workspace_id', k.workspace_id,
  'peer_id', k.peer_id, 'session_id', k.session_id, 'created_at', ${isoTimestamp('k.created_at')},
  'expires_at', CASE WHEN k.expires_at IS NULL THEN NULL ELSE ${isoTimestamp('k.expires_at')} END,
  'last_used_at', CASE WHEN k.last_used_at IS NULL THEN NULL ELSE ${isoTimestamp('k.last_used_at')} END,
  'revoked_at', CASE WHEN k.revoked_at IS NULL THEN NULL ELSE ${isoTimestamp('k.revoked_at')} END)`;

/**
 * SHA-256, unsalted and fast, is enough here because a secret is 256 random bits: no guess can
 * find it, so a slow password hash would only add latency to every request, and a salt would
 * prevent finding a key by its hash with an index.
 */
const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

const invalid = (field: string, message: string, hint?: string) =>
  new MemoryError('invalid_input', `${field}: ${message}`, {
    field,
    ...(hint === undefined ? {} : { hint }),
  });

/**
 * Mints a key: the secret is in the answer and nowhere else. A peer or a session needs its
 * workspace; a key of an organization naming a workspace needs the organization to own it; a key
 * minted for a member needs them in the organization, and an admin if the key is organization-wide.
 */
export async function createApiKey(
  db: Database,
  request: NewApiKey,
): Promise<{ key: string; api_key: ApiKey }> {
  const scope = await checkedScope(db, request);
  if (request.expiresAt !== undefined && !(Date.parse(request.expiresAt) > Date.now()))
    throw invalid(
      'expires_at',
      'must be a time in the future',
      'Leave it out for a key that does not expire.',
    );
  const secret = `pm_${randomBytes(32).toString('base64url')}`;
  const [row] = await db.query<{ api_key: ApiKey }>(
    `INSERT INTO api_keys AS k (id, secret_sha256, name, organization_id, member, workspace_id, peer_id,
       session_id, expires_at, minted_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10) RETURNING ${API_KEY_JSON} AS api_key`,
    [
      `key_${randomBytes(8).toString('hex')}`,
      secretHash(secret),
      request.name ?? null,
      scope.organization ?? null,
      scope.member ?? null,
      scope.workspace ?? null,
      scope.peer ?? null,
      scope.session ?? null,
      request.expiresAt ?? null,
      scope.organization === undefined ? null : (scope.mintedBy ?? null),
    ],
  );
  if (!row) throw new Error('the key was not stored');
  return { key: secret, api_key: row.api_key };
}

async function checkedScope(db: Database, scope: KeyScope): Promise<KeyScope> {
  if (scope.peer !== undefined && scope.session !== undefined)
    throw invalid('session_id', 'a key is scoped to a peer or to a session, not both');
  if (scope.workspace === undefined && (scope.peer !== undefined || scope.session !== undefined))
    throw invalid(
      scope.peer === undefined ? 'session_id' : 'peer_id',
      'needs workspace_id: it is scoped inside one',
    );
  if (scope.member !== undefined && scope.organization === undefined)
    throw invalid('member', 'needs organization_id: members belong to an organization');
  if (scope.organization === undefined) return scope;
  const [row] = await db.query<{ found: boolean; role: string | null }>(
    `SELECT true AS found, (SELECT role FROM organization_members WHERE organization_id = $1 AND member = $2) AS role
     FROM organizations WHERE id = $1`,
    [scope.organization, scope.member ?? null],
  );
  if (!row) throw organizationNotFound(scope.organization);
  if (scope.member !== undefined && row.role === null)
    throw invalid('member', `is not a member of organization "${scope.organization}"`);
  if (scope.member !== undefined && scope.workspace === undefined && row.role !== 'admin')
    throw invalid('member', 'is not an admin of the organization: an organization-wide key is an admin key');
  if (
    scope.workspace !== undefined &&
    (await workspaceOrganization(db, scope.workspace)) !== scope.organization
  )
    throw invalid('workspace_id', `is not a workspace of organization "${scope.organization}"`);
  return scope;
}

/** Keys newest first, with revoked and expired ones, or only those of one organization. */
export async function listApiKeys(db: Database, organization?: string): Promise<ApiKey[]> {
  const rows = await db.query<{ api_key: ApiKey }>(
    `SELECT ${API_KEY_JSON} AS api_key FROM api_keys k
     WHERE $1::text IS NULL OR k.organization_id = $1 ORDER BY k.created_at DESC, k.id`,
    [organization ?? null],
  );
  return rows.map((row) => row.api_key);
}

/**
 * Revokes a key at once; revoking it again keeps the first time. With `organization`, only a
 * key of that organization: any other answers as a key that does not exist.
 */
export async function revokeApiKey(db: Database, id: string, organization?: string): Promise<ApiKey> {
  const [row] = await db.query<{ api_key: ApiKey }>(
    `UPDATE api_keys k SET revoked_at = coalesce(k.revoked_at, now())
     WHERE k.id = $1 AND ($2::text IS NULL OR k.organization_id = $2) RETURNING ${API_KEY_JSON} AS api_key`,
    [id, organization ?? null],
  );
  if (!row)
    throw new MemoryError('not_found', `API key "${id}" does not exist`, {
      field: 'key_id',
      hint: 'GET /v3/keys lists the keys (their ids, never their secrets).',
    });
  return row.api_key;
}

/**
 * Whether the member named by `column` holds an admin grant of the key's organization that began
 * no later than the key: a key dies with the grant it was minted under, and a later grant does
 * not revive it (the same name may be another person by then, and keys nobody tracks would come
 * back). Checked on every use, so a key minted while its minter was being demoted dies too.
 */
const adminGrantHolds = (column: string) =>
  `EXISTS (SELECT 1 FROM organization_members m WHERE m.organization_id = k.organization_id
     AND m.member = ${column} AND m.admin_since <= k.created_at)`;

/**
 * The live key with this secret (not revoked, not expired, its minter still the admin who minted
 * it, an organization-wide key's member still an admin), or undefined. Its last use is written
 * at most once a minute.
 */
export async function findApiKey(db: Database, secret: string): Promise<FoundApiKey | undefined> {
  const [row] = await db.query<
    Pick<
      ApiKey,
      'id' | 'organization_id' | 'member' | 'minted_by' | 'workspace_id' | 'peer_id' | 'session_id'
    >
  >(
    foundAndTouched(
      `SELECT k.id, k.organization_id, k.member, k.minted_by, k.workspace_id, k.peer_id, k.session_id
       FROM api_keys k
       WHERE k.secret_sha256 = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())
         AND (k.minted_by IS NULL OR ${adminGrantHolds('k.minted_by')})
         AND (k.member IS NULL OR k.workspace_id IS NOT NULL OR ${adminGrantHolds('k.member')})`,
      'api_keys',
    ),
    [secretHash(secret)],
  );
  if (!row) return undefined;
  const named = (value: string | null) => value ?? undefined;
  return {
    id: row.id,
    organization: named(row.organization_id),
    member: named(row.member),
    mintedBy: named(row.minted_by),
    workspace: named(row.workspace_id),
    peer: named(row.peer_id),
    session: named(row.session_id),
  };
}

/** Whether a peer is a member of a session now (a peer key reaches only such sessions). */
export async function isSessionMember(
  db: Database,
  workspace: string,
  session: string,
  peer: string,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM session_peers WHERE workspace_id = $1 AND session_id = $2 AND peer_id = $3 AND left_at IS NULL`,
    [workspace, session, peer],
  );
  return rows.length > 0;
}
