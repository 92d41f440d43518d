import type { Database } from '../database/database.js';
import {
  createApiKey,
  findApiKey,
  isSessionMember,
  listApiKeys,
  type NewApiKey,
  revokeApiKey,
} from './api-keys.js';
import {
  assignWorkspace,
  claimWorkspace,
  getOrCreateOrganization,
  listMembers,
  listOrganizations,
  type MemberRole,
  organizationWorkspaces,
  putMember,
  removeMember,
  workspaceOrganization,
} from './organizations.js';

/**
 * The platform's keys and organizations on one database: what the HTTP edge needs to tell who
 * calls and what they may reach, and what the admin endpoints and `peermem keys` manage.
 */
export function createKeyStore(db: Database) {
  return {
    createKey: (request: NewApiKey) => createApiKey(db, request),
    listKeys: (organization?: string) => listApiKeys(db, organization),
    revokeKey: (id: string, organization?: string) => revokeApiKey(db, id, organization),
    findKey: (secret: string) => findApiKey(db, secret),
    isSessionMember: (workspace: string, session: string, peer: string) =>
      isSessionMember(db, workspace, session, peer),

    getOrCreateOrganization: (id: string, name: string) => getOrCreateOrganization(db, id, name),
    listOrganizations: (only?: string) => listOrganizations(db, only),
    putMember: (organization: string, member: string, role: MemberRole, existing?: boolean) =>
      putMember(db, organization, member, role, existing),
    listMembers: (organization: string) => listMembers(db, organization),
    removeMember: (organization: string, member: string) => removeMember(db, organization, member),
    workspaceOrganization: (workspace: string) => workspaceOrganization(db, workspace),
    claimWorkspace: (workspace: string, organization: string) => claimWorkspace(db, workspace, organization),
    organizationWorkspaces: (organization: string) => organizationWorkspaces(db, organization),
    assignWorkspace: (workspace: string, organization: string) =>
      assignWorkspace(db, workspace, organization),
  };
}

export type KeyStore = ReturnType<typeof createKeyStore>;
