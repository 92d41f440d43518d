// Organizations own workspaces and have members, some of them admins. Kept small: what API keys
// need (an organization's admin key manages its workspaces only) and what a web console will.
import { MemoryError } from '../../service/errors.js';
import { isoTimestamp } from '../columns.js';
import type { Database } from '../database/database.js';

export type Organization = { id: string; name: string; created_at: string };

export type MemberRole = 'member' | 'admin';

export type Member = { organization_id: string; member: string; role: MemberRole; created_at: string };

const ORGANIZATION_JSON = `json_build_object('id', o.id, 'name', o.name, 'created_at', ${isoTimestamp('o.created_at')})`;

const MEMBER_JSON = `json_build_object('organization_id', m.organization_id, 'member', m.member,
  'role', m.role, 'created_at', ${isoTimestamp('m.created_at')})`;

/** The answer for an organization that does not exist, or that the caller may not see. */
export function organizationNotFound(id: string): MemoryError {
  return new MemoryError('not_found', `organization "${id}" does not exist`, {
    field: 'organization_id',
    hint: 'An admin key creates organizations with POST /v3/organizations.',
  });
}

function memberNotFound(organization: string, member: string): MemoryError {
  return new MemoryError('not_found', `"${member}" is not a member of organization "${organization}"`, {
    field: 'member',
    hint: `Add it with POST /v3/organizations/${organization}/members.`,
  });
}

/** The organization, created with `name` when it does not exist (the name of an existing one stays). */
export async function getOrCreateOrganization(db: Database, id: string, name: string): Promise<Organization> {
  const [row] = await db.query<{ organization: Organization }>(
    `WITH created AS (
       INSERT INTO organizations (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING *
     )
     SELECT ${ORGANIZATION_JSON} AS organization FROM created o
     UNION ALL
     SELECT ${ORGANIZATION_JSON} FROM organizations o WHERE o.id = $1 AND NOT EXISTS (SELECT 1 FROM created)`,
    [id, name],
  );
  // One created by a concurrent request is not visible to this statement's snapshot.
  if (!row) return getOrCreateOrganization(db, id, name);
  return row.organization;
}

/** Every organization, oldest first, or only `only` (an organization key sees its own). */
export async function listOrganizations(db: Database, only?: string): Promise<Organization[]> {
  const rows = await db.query<{ organization: Organization }>(
    `SELECT ${ORGANIZATION_JSON} AS organization FROM organizations o
     WHERE $1::text IS NULL OR o.id = $1 ORDER BY o.created_at, o.id`,
    [only ?? null],
  );
  return rows.map((row) => row.organization);
}

/**
 * Adds a member, or changes the role of one already there; with `existing`, only changes one
 * (a member not there is a not_found). A member who stops being an admin loses, at once, the
 * organization-wide keys minted for them (admin keys) and every key they minted; a member made
 * admin again starts a new grant, which those keys do not get back (see api-keys.ts).
 */
export async function putMember(
  db: Database,
  organization: string,
  member: string,
  role: MemberRole,
  existing = false,
): Promise<Member> {
  const [row] = await db.query<{ member: Member | null; found: boolean }>(
    `WITH org AS (SELECT id FROM organizations WHERE id = $1),
     written AS (
       INSERT INTO organization_members AS m (organization_id, member, role, admin_since)
       SELECT id, $2, $3, CASE WHEN $3 = 'admin' THEN now() END FROM org
       WHERE NOT $4 OR EXISTS (SELECT 1 FROM organization_members WHERE organization_id = $1 AND member = $2)
       ON CONFLICT (organization_id, member) DO UPDATE SET role = EXCLUDED.role,
         admin_since = CASE WHEN EXCLUDED.role = 'admin' THEN coalesce(m.admin_since, now()) END
       RETURNING *
     ),
     lapsed AS (
       UPDATE api_keys SET revoked_at = now()
       WHERE $3 = 'member' AND organization_id = $1 AND revoked_at IS NULL AND EXISTS (SELECT 1 FROM written)
         AND ((member = $2 AND workspace_id IS NULL) OR minted_by = $2)
     )
     SELECT (SELECT ${MEMBER_JSON} FROM written m) AS member, EXISTS (SELECT 1 FROM org) AS found`,
    [organization, member, role, existing],
  );
  if (!row?.found) throw organizationNotFound(organization);
  if (!row.member) throw memberNotFound(organization, member);
  return row.member;
}

/** The members of an organization, admins first. */
export async function listMembers(db: Database, organization: string): Promise<Member[]> {
  const [row] = await db.query<{ members: Member[] }>(
    `SELECT coalesce(json_agg(${MEMBER_JSON} ORDER BY m.role = 'admin' DESC, m.member)
       FILTER (WHERE m.member IS NOT NULL), '[]') AS members
     FROM organizations o LEFT JOIN organization_members m ON m.organization_id = o.id
     WHERE o.id = $1 GROUP BY o.id`,
    [organization],
  );
  if (!row) throw organizationNotFound(organization);
  return row.members;
}

/**
 * Removes a member: the keys minted for them go with them (deleted), and the keys they minted for
 * others are revoked, in the same statement.
 */
export async function removeMember(db: Database, organization: string, member: string): Promise<void> {
  const removed = await db.query(
    `WITH removed AS (
       DELETE FROM organization_members WHERE organization_id = $1 AND member = $2 RETURNING member
     ),
     lapsed AS (
       UPDATE api_keys SET revoked_at = now()
       WHERE organization_id = $1 AND minted_by = $2 AND member IS DISTINCT FROM $2
         AND revoked_at IS NULL AND EXISTS (SELECT 1 FROM removed)
     )
     SELECT member FROM removed`,
    [organization, member],
  );
  if (removed.length === 0) throw memberNotFound(organization, member);
}

/** The organization that owns a workspace id, or undefined when none does. */
export async function workspaceOrganization(db: Database, workspace: string): Promise<string | undefined> {
  const [row] = await db.query<{ organization_id: string }>(
    'SELECT organization_id FROM organization_workspaces WHERE workspace_id = $1',
    [workspace],
  );
  return row?.organization_id;
}

/**
 * Claims a workspace id for an organization that is about to create it: answers whether the
 * organization owns it now. An id already owned by another organization, a workspace that
 * exists without an owner (made with the admin key), or an id that live keys not of this
 * organization still reach (a workspace deleted, its keys not revoked) is not taken: those keys
 * would reach what the organization puts there.
 */
export async function claimWorkspace(
  db: Database,
  workspace: string,
  organization: string,
): Promise<boolean> {
  const [row] = await db.query<{ owner: string | null }>(
    `WITH claimed AS (
       INSERT INTO organization_workspaces (workspace_id, organization_id)
       SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM workspaces WHERE id = $1)
         AND NOT EXISTS (
           SELECT 1 FROM api_keys WHERE workspace_id = $1 AND organization_id IS DISTINCT FROM $2
             AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())
         )
       ON CONFLICT (workspace_id) DO NOTHING RETURNING organization_id
     )
     SELECT coalesce(
       (SELECT organization_id FROM claimed),
       (SELECT organization_id FROM organization_workspaces WHERE workspace_id = $1)
     ) AS owner`,
    [workspace, organization],
  );
  return row?.owner === organization;
}

/** The workspace ids an organization owns, oldest claim first. */
export async function organizationWorkspaces(db: Database, organization: string): Promise<string[]> {
  const rows = await db.query<{ workspace_id: string }>(
    'SELECT workspace_id FROM organization_workspaces WHERE organization_id = $1 ORDER BY created_at, workspace_id',
    [organization],
  );
  return rows.map((row) => row.workspace_id);
}

/** Gives a workspace id to an organization (an admin's act; it may move it from another). */
export async function assignWorkspace(db: Database, workspace: string, organization: string): Promise<void> {
  const rows = await db.query(
    `INSERT INTO organization_workspaces (workspace_id, organization_id)
     SELECT $1, id FROM organizations WHERE id = $2
     ON CONFLICT (workspace_id) DO UPDATE SET organization_id = EXCLUDED.organization_id
     RETURNING workspace_id`,
    [workspace, organization],
  );
  if (rows.length === 0) throw organizationNotFound(organization);
}
