import { z } from 'zod';
import * as S from '../../schemas/platform.js';
import { configurableRoutes } from './configurable-routes.js';
import { json, listRoute, route, SERVER, WORKSPACE, WORKSPACES } from './route-definition.js';
import { searchRoute } from './search-route.js';

/** A workspace: getting or creating, listing, changing and deleting it, and what spans all of it. */
export const WORKSPACE_ROUTES = [
  route({
    method: 'post',
    path: WORKSPACES,
    summary: 'Get or create a workspace',
    params: z.object({}),
    body: S.CreateWithId,
    response: S.Workspace,
    scope: ({ body }) => ({
      level: 'workspace',
      workspace: body.id,
      creates: true,
      opens: body.metadata == null && body.configuration == null,
    }),
    run: (backend, { body }) => json(backend.getOrCreateWorkspace(body.id, S.givenSettings(body))),
  }),
  listRoute({
    path: `${WORKSPACES}/list`,
    summary: 'List workspaces',
    params: z.object({}),
    item: S.Workspace,
    scope: () => SERVER,
    list: (backend, _params, filters, page) => backend.listWorkspaces(filters, page),
  }),
  ...configurableRoutes({
    name: 'workspace',
    path: WORKSPACE,
    params: S.WorkspaceParams,
    item: S.Workspace,
    deleteSummary: 'Delete a workspace and everything in it',
    change: (backend, params, change) => backend.updateWorkspace(params.workspace_id, change),
    delete: (backend, params) => backend.deleteWorkspace(params.workspace_id),
  }),
  searchRoute({
    path: `${WORKSPACE}/search`,
    serves: 'search',
    summary: 'Search the messages of a workspace',
    params: S.WorkspaceParams,
    within: () => ({}),
  }),
  route({
    method: 'get',
    path: `${WORKSPACE}/queue/status`,
    summary: 'How far learning is with the workspace’s messages',
    params: S.WorkspaceParams,
    query: S.QueueQuery,
    response: S.QueueStatus,
    scope: ({ params, query }) =>
      query.session_id === undefined
        ? { level: 'workspace', workspace: params.workspace_id }
        : { level: 'session', workspace: params.workspace_id, session: query.session_id },
    run: (backend, { params, query }) => json(backend.queueStatus(params.workspace_id, query.session_id)),
  }),
];
