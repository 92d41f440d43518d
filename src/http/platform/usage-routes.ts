import { z } from 'zod';
import type { UsageStore } from '../../engine/usage/create-usage-store.js';
import { InstanceStatus, UsageQuery, UsageReport } from '../../schemas/usage.js';
import { type Caller, outOfScopeResponse, type Reach } from './platform-auth.js';
import type { StoreRoute } from './route-definition.js';

/** A route of the recorded usage and the instance's status: it runs on the usage store. */
export type UsageRoute = StoreRoute<UsageStore>;

/**
 * The workspace a caller's figures are limited to: the one named (its scope already checked), or
 * a workspace key's own; undefined for everything, which only an admin key sees. Peer and session
 * keys see no usage; an organization key names one of its workspaces.
 */
function visibleWorkspace(caller: Caller, named: string | undefined): string | undefined | Response {
  if (caller.peer !== undefined || caller.session !== undefined) return outOfScopeResponse();
  if (caller.workspace !== undefined) return caller.workspace;
  if (caller.organization !== undefined && named === undefined) return outOfScopeResponse();
  return named;
}

/** A named workspace is reached as any workspace route's; none named is decided by the caller's key in run. */
const namedWorkspace = (workspace: string | undefined): readonly Reach[] =>
  workspace === undefined ? [] : [{ level: 'workspace', workspace }];

export const USAGE_ROUTES: readonly UsageRoute[] = [
  {
    method: 'get',
    path: '/v3/usage',
    summary:
      'Requests per route and status with their latency, messages and tokens written, the learning queue and what was learned, over the last hour, day or week; a workspace key sees its own workspace alone',
    params: z.object({}),
    query: UsageQuery,
    body: undefined,
    response: UsageReport,
    status: 200,
    scope: ({ query }) => namedWorkspace((query as UsageQuery).workspace_id),
    async run(store, { query }, caller) {
      const { window, workspace_id, key_id } = query as UsageQuery;
      const workspace = visibleWorkspace(caller, workspace_id);
      if (workspace instanceof Response) return workspace;
      const scope = [
        workspace === undefined ? 'all workspaces' : `workspace ${workspace}`,
        ...(key_id === undefined ? [] : [`key ${key_id}`]),
      ].join(', ');
      return store.report({ window, workspace, key: key_id, scope });
    },
  },
  {
    method: 'get',
    path: '/v3/status',
    summary:
      'The instance: version, uptime, database and its size, vector search, the learning workers with their heartbeat and rate, the learning queue and the webhook backlog',
    params: z.object({}),
    query: z.object({
      workspace_id: UsageQuery.shape.workspace_id.describe(
        'Only this workspace’s queue and webhooks. A workspace key sees its own alone.',
      ),
    }),
    body: undefined,
    response: InstanceStatus,
    status: 200,
    scope: ({ query }) => namedWorkspace((query as { workspace_id?: string }).workspace_id),
    async run(store, { query }, caller) {
      const workspace = visibleWorkspace(caller, (query as { workspace_id?: string }).workspace_id);
      if (workspace instanceof Response) return workspace;
      return store.status(workspace);
    },
  },
];
