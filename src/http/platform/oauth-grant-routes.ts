import { z } from 'zod';
import type { OAuthStore } from '../../engine/platform/oauth-store.js';
import { Id, Timestamp } from '../../schemas/common.js';
import { type StoreRoute, storeRoute } from './route-definition.js';

/** A route listing or revoking the OAuth grants of `/mcp`: it runs on the OAuth store. */
export type OAuthGrantRoute = StoreRoute<OAuthStore>;

const grantRoute = storeRoute<OAuthStore>();

const Nullable = (what: string) => z.string().nullable().describe(what);

const OAuthGrantShape = z.object({
  id: z.string().describe('The grant’s id, to revoke it by.'),
  client_id: z.string().describe('The client: its registered id, or the URL of its metadata document.'),
  client_name: Nullable('The name the client gave.'),
  workspace_id: z.string().describe('The workspace the grant reaches.'),
  organization_id: Nullable('The organization that owned the workspace when it was granted.'),
  key_id: Nullable(
    'The API key that signed in to grant it (null: the configured admin key); revoking the key ends the grant.',
  ),
  resource: z.string().describe('The resource its tokens are bound to (RFC 8707): this server’s /mcp.'),
  created_at: Timestamp,
  last_used_at: Nullable('Its last use, to the minute.'),
  revoked_at: Nullable('When it was revoked.'),
});

const WorkspaceParams = z.object({ workspace_id: Id.describe('The workspace.') });

/** The grants of `/mcp`, listed and revoked by whoever administers the workspace (or organization). */
export const OAUTH_GRANT_ROUTES: readonly OAuthGrantRoute[] = [
  grantRoute({
    method: 'get',
    path: '/v3/oauth/grants',
    summary:
      'List the OAuth grants of /mcp, newest first: every workspace’s for an admin key, its workspaces’ for an organization key',
    params: z.object({}),
    response: z.array(OAuthGrantShape),
    scope: () => ({ level: 'organization' }),
    run: (store, _input, caller) => store.listGrants({ organization: caller.organization }),
  }),
  grantRoute({
    method: 'get',
    path: '/v3/workspaces/{workspace_id}/oauth/grants',
    summary: 'List the OAuth grants of /mcp to a workspace, newest first',
    params: WorkspaceParams,
    response: z.array(OAuthGrantShape),
    scope: ({ params }) => ({ level: 'workspace', workspace: params.workspace_id }),
    run: (store, { params }) => store.listGrants({ workspace: params.workspace_id }),
  }),
  grantRoute({
    method: 'delete',
    path: '/v3/workspaces/{workspace_id}/oauth/grants/{grant_id}',
    summary: 'Revoke an OAuth grant at once: its access and refresh tokens are refused from the next request',
    params: WorkspaceParams.extend({ grant_id: Id.describe('The grant’s id (from the list).') }),
    response: OAuthGrantShape,
    scope: ({ params }) => ({ level: 'workspace', workspace: params.workspace_id }),
    run: (store, { params }) => store.revokeGrant(params.workspace_id, params.grant_id),
  }),
];
