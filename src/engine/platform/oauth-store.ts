import type { Database } from '../database/database.js';
import type { FoundApiKey } from './api-keys.js';
import type { SessionKey } from './console-sessions.js';
import {
  createGrant,
  findAccessToken,
  findRegisteredClient,
  issueTokens,
  listGrants,
  type NewGrant,
  registerClient,
  revokeGrant,
  revokeToken,
  spendSecret,
  sweepRegisteredClients,
  type TokenLifetimes,
} from './oauth-grants.js';

/** How many workspaces the consent page offers an admin key at most (newest first). */
const GRANTABLE_LIMIT = 200;

/** The OAuth clients, grants and tokens of `/mcp` on one database (see migrations/0022_oauth.ts). */
export function createOAuthStore(db: Database) {
  return {
    registerClient: (client: { clientName: string | undefined; redirectUris: readonly string[] }) =>
      registerClient(db, client),
    findRegisteredClient: (clientId: string) => findRegisteredClient(db, clientId),
    sweepRegisteredClients: (unusedMs: number) => sweepRegisteredClients(db, unusedMs),
    createGrant: (grant: NewGrant) => createGrant(db, grant),
    spendSecret: (kind: 'code' | 'refresh', given: string) => spendSecret(db, kind, given),
    issueTokens: (grantId: string, adminKey: string, lifetimes: TokenLifetimes) =>
      issueTokens(db, grantId, adminKey, lifetimes),
    findAccessToken: (token: string, adminKey: string) => findAccessToken(db, token, adminKey),
    revokeToken: (token: string, clientId: string) => revokeToken(db, token, clientId),
    listGrants: (within: { workspace?: string | undefined; organization?: string | undefined }) =>
      listGrants(db, within),
    revokeGrant: (workspace: string, id: string) => revokeGrant(db, workspace, id),
    grantableWorkspaces: (caller: FoundApiKey) => grantableWorkspaces(db, caller),
  };
}

export type OAuthStore = ReturnType<typeof createOAuthStore>;

/** The key a grant acts with, named as a console session names it. */
export const grantKey = (caller: FoundApiKey, adminKey: string): SessionKey =>
  caller.id === 'configured' ? { kind: 'configured', adminKey } : { kind: 'stored', id: caller.id };

/**
 * The workspaces a key may grant a client: a workspace key its own, an organization key those its
 * organization owns, an admin key every workspace. A peer or session key grants none: the tools of
 * `/mcp` act on a whole workspace, more than such a key reaches through the platform API.
 */
async function grantableWorkspaces(db: Database, caller: FoundApiKey): Promise<string[]> {
  if (caller.peer !== undefined || caller.session !== undefined) return [];
  if (caller.workspace !== undefined) return [caller.workspace];
  const rows =
    caller.organization !== undefined
      ? await db.query<{ id: string }>(
          'SELECT workspace_id AS id FROM organization_workspaces WHERE organization_id = $1 ORDER BY workspace_id LIMIT $2',
          [caller.organization, GRANTABLE_LIMIT],
        )
      : await db.query<{ id: string }>('SELECT id FROM workspaces ORDER BY created_at DESC, id LIMIT $1', [
          GRANTABLE_LIMIT,
        ]);
  return rows.map((row) => row.id);
}
