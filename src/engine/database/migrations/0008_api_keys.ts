/**
 * API keys of the platform, and the organizations that own workspaces.
 *
 * A key is stored as the SHA-256 of its secret, never the secret: the secret is 256 random bits,
 * so a fast hash is as safe as a slow one (there is nothing to guess) and can be looked up by
 * index. Its scope is the columns it names: none (an admin key), an organization (that
 * organization's admin key), a workspace, or a peer or a session in a workspace.
 *
 * `organization_workspaces` records which organization owns a workspace id. It has no foreign
 * key to `workspaces`: an organization key claims the id before the workspace row is made, and
 * the id stays the organization's after the workspace is deleted, so no other can take it over.
 */
export const apiKeys = `
CREATE TABLE organizations (
  id text PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE organization_members (
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  member text NOT NULL,
  role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, member)
);

CREATE TABLE organization_workspaces (
  workspace_id text PRIMARY KEY,
  organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organization_workspaces_by_organization ON organization_workspaces (organization_id, workspace_id);

CREATE TABLE api_keys (
  id text PRIMARY KEY,
  secret_sha256 text NOT NULL UNIQUE,
  name text,
  organization_id text REFERENCES organizations (id) ON DELETE CASCADE,
  member text,
  workspace_id text,
  peer_id text,
  session_id text,
  expires_at timestamptz,
  revoked_at timestamptz,
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (organization_id, member) REFERENCES organization_members (organization_id, member) ON DELETE CASCADE,
  CHECK (peer_id IS NULL OR session_id IS NULL),
  CHECK (workspace_id IS NOT NULL OR (peer_id IS NULL AND session_id IS NULL)),
  CHECK (member IS NULL OR organization_id IS NOT NULL)
);
CREATE INDEX api_keys_by_organization ON api_keys (organization_id, created_at);
`;
