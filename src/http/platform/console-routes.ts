import { z } from 'zod';
import type { ConsoleStore } from '../../engine/platform/create-console-store.js';
import { Id, Timestamp } from '../../schemas/common.js';
import * as S from '../../schemas/platform.js';
import { NotFoundError } from '../../service/errors.js';
import { type StoreRoute, storeRoute } from './route-definition.js';

/** A route the web console needed and the Honcho API has no equal of: it runs on the console store. */
export type ConsoleRoute = StoreRoute<ConsoleStore>;

const consoleRoute = storeRoute<ConsoleStore>();

const WorkspaceCounts = z.object({
  peers: z.number().int(),
  sessions: z.number().int(),
  messages: z.number().int(),
  observations: z.number().int().describe('Current observations (conclusions).'),
  superseded_observations: z.number().int().describe('Observations a newer one replaced: history.'),
});

const ObservationsQuery = S.PageQuery.extend({
  target: Id.optional().describe('The peer the observations are about; default the peer itself.'),
  history: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .default(false)
    .describe('true: the observations a newer one replaced, instead of the current ones.'),
});

const Observation = z.object({
  id: z.string(),
  content: z.string(),
  observer_id: z.string(),
  observed_id: z.string(),
  session_id: z.string(),
  card_entry: z.string().nullable(),
  times_seen: z.number().int(),
  occurred_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  superseded_by: z
    .string()
    .nullable()
    .describe('The observation that replaced this one; null while current.'),
  sources: z
    .array(
      z.object({
        id: z.string(),
        session_id: z.string(),
        peer_id: z.string(),
        content: z.string().describe('The first 280 characters.'),
        created_at: Timestamp,
      }),
    )
    .describe(`The first ${S.SOURCES_SHOWN} messages it was learned from.`),
  source_count: z.number().int(),
});

const WS = '/v3/workspaces/{workspace_id}';

/** The routes the console reads through, served with the rest of the platform API. */
export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  consoleRoute({
    method: 'get',
    path: WS,
    summary: 'A workspace, if it exists (POST /v3/workspaces gets or creates it)',
    params: S.WorkspaceParams,
    response: S.Workspace,
    scope: ({ params }) => ({ level: 'workspace', workspace: params.workspace_id }),
    run: async (store, { params }) => {
      const found = await store.findWorkspace(params.workspace_id);
      if (found === undefined) throw new NotFoundError('workspace', params.workspace_id, 'workspace_id');
      return found;
    },
  }),
  consoleRoute({
    method: 'get',
    path: `${WS}/counts`,
    summary: 'How many peers, sessions, messages and observations a workspace holds',
    params: S.WorkspaceParams,
    response: WorkspaceCounts,
    scope: ({ params }) => ({ level: 'workspace', workspace: params.workspace_id }),
    run: (store, { params }) => store.countWorkspace(params.workspace_id),
  }),
  consoleRoute({
    method: 'get',
    path: `${WS}/peers/{peer_id}/observations`,
    summary:
      'What a peer learned about itself or a target: observations with their sources and dates (history=true: the replaced ones)',
    params: S.PeerParams,
    query: ObservationsQuery,
    response: S.PageOf(Observation),
    // What a peer holds, as the peer's representation: a peer key reaches its own only.
    scope: ({ params }) => ({ level: 'peer', workspace: params.workspace_id, peer: params.peer_id }),
    run: (store, { params, query }) =>
      store.listPeerObservations(
        params.workspace_id,
        { observer: params.peer_id, observed: query.target ?? params.peer_id },
        query.history,
        query,
      ),
  }),
];
