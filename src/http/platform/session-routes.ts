import { z } from 'zod';
import * as S from '../../schemas/platform.js';
import { configurableRoutes } from './configurable-routes.js';
import { acknowledged, json, route, SESSION, WORKSPACE, workspaceListRoute } from './route-definition.js';
import { managesSession, sessionScope } from './route-scopes.js';
import { searchRoute } from './search-route.js';

/** A session: getting or creating, changing, copying and deleting it, its context, and its members. */
export const SESSION_ROUTES = [
  route({
    method: 'post',
    path: `${WORKSPACE}/sessions`,
    summary: 'Get or create a session, with peers and their session configuration',
    params: S.WorkspaceParams,
    body: S.CreateSession,
    response: S.Session,
    scope: ({ params, body }) => ({
      level: 'session',
      workspace: params.workspace_id,
      session: body.id,
      manages: body.peers != null || body.metadata != null || body.configuration != null,
    }),
    run: (backend, { params, body }) =>
      json(
        backend.getOrCreateSession(params.workspace_id, body.id, {
          ...S.givenSettings(body),
          peers: body.peers ?? undefined,
        }),
      ),
  }),
  workspaceListRoute({
    name: 'sessions',
    list: 'listSessions',
    serves: 'listSessions',
    summary: 'List the sessions of a workspace',
    item: S.Session,
  }),
  ...configurableRoutes({
    serves: { change: 'updateSessionMetadata', delete: 'deleteSession' },
    name: 'session',
    path: SESSION,
    params: S.SessionParams,
    item: S.Session,
    deleteSummary: 'Delete a session with its messages and what was learned from them',
    scope: { change: managesSession, delete: managesSession },
    change: (backend, params, change) =>
      backend.updateSession(params.workspace_id, params.session_id, change),
    delete: (backend, params) => backend.deleteSession(params.workspace_id, params.session_id),
  }),
  route({
    method: 'post',
    path: `${SESSION}/clone`,
    serves: 'cloneSession',
    summary: 'Copy a session (up to and including message_id when given) under a new id',
    params: S.SessionParams,
    query: S.CloneQuery,
    response: S.Session,
    run: (backend, { params, query }) =>
      json(backend.cloneSession(params.workspace_id, params.session_id, query.message_id)),
  }),
  route({
    method: 'get',
    path: `${SESSION}/context`,
    serves: 'getContext',
    summary: 'Messages within a token budget, a summary, and a peer’s representation and card',
    params: S.SessionParams,
    query: S.ContextQuery,
    response: S.SessionContext,
    // A peer key reads what its own peer knows; the target's own view is the default perspective.
    scope: (input) => {
      const viewer = input.query.peer_perspective ?? input.query.peer_target;
      return sessionScope({ as: viewer === undefined ? [] : [viewer] })(input);
    },
    run: async (backend, { params, query }, caller) => {
      // A session key reads what was learned in its session only: no card, which is kept per peer.
      const sessionOnly = caller.session !== undefined;
      const context = await backend.sessionContext(params.workspace_id, params.session_id, {
        tokens: query.tokens,
        summary: query.summary,
        peer_target: query.peer_target,
        peer_perspective: query.peer_perspective,
        limit_to_session: query.limit_to_session || sessionOnly,
        search_query: query.search_query,
        search_top_k: query.search_top_k,
        max_observations: query.max_observations ?? query.max_conclusions,
      });
      return { json: sessionOnly ? { ...context, peer_card: null } : context };
    },
  }),
  route({
    method: 'get',
    path: `${SESSION}/summaries`,
    serves: 'getSessionSummaries',
    summary: 'The short and long summaries of a session (null until made)',
    scope: sessionScope(),
    params: S.SessionParams,
    response: S.SessionSummaries,
    run: async (backend, { params }) => {
      const summaries = await backend
        .memory(params.workspace_id)
        .getSessionSummaries({ session: params.session_id });
      return {
        json: { id: params.session_id, short_summary: summaries.short, long_summary: summaries.long },
      };
    },
  }),
  searchRoute({
    path: `${SESSION}/search`,
    summary: 'Search the messages of a session',
    scope: sessionScope(),
    params: S.SessionParams,
    within: (params) => ({ session: params.session_id }),
  }),
  route({
    method: 'post',
    path: `${SESSION}/peers`,
    serves: 'addSessionPeers',
    summary: 'Add peers to a session, with their session configuration',
    scope: managesSession,
    params: S.SessionParams,
    body: S.SessionPeers,
    response: S.Deleted,
    run: (backend, { params, body }) =>
      acknowledged(
        backend.setSessionPeers(params.workspace_id, params.session_id, body, false),
        'peers added',
      ),
  }),
  route({
    method: 'put',
    path: `${SESSION}/peers`,
    summary: 'Set the members of a session: the peers not named leave it',
    scope: managesSession,
    params: S.SessionParams,
    body: S.SessionPeers,
    response: S.Deleted,
    run: (backend, { params, body }) =>
      acknowledged(backend.setSessionPeers(params.workspace_id, params.session_id, body, true), 'peers set'),
  }),
  route({
    method: 'delete',
    path: `${SESSION}/peers`,
    serves: 'removeSessionPeers',
    summary: 'Remove peers from a session (a JSON array of peer ids)',
    scope: managesSession,
    params: S.SessionParams,
    body: z.array(S.PeerParams.shape.peer_id).min(1).max(100),
    response: S.Deleted,
    run: (backend, { params, body }) =>
      acknowledged(backend.removeSessionPeers(params.workspace_id, params.session_id, body), 'peers removed'),
  }),
  route({
    method: 'get',
    path: `${SESSION}/peers`,
    serves: 'listSessionPeers',
    summary: 'The current members of a session',
    scope: sessionScope(),
    params: S.SessionParams,
    query: S.PageQuery,
    response: S.PageOf(S.Peer),
    run: (backend, { params, query }) =>
      json(backend.listSessionPeers(params.workspace_id, params.session_id, query)),
  }),
  route({
    method: 'get',
    path: `${SESSION}/peers/{peer_id}/config`,
    serves: 'getSessionPeerConfig',
    summary: 'A member’s session configuration (observe_me, observe_others)',
    scope: sessionScope(),
    params: S.SessionPeerParams,
    response: S.SessionPeerConfigAnswer,
    run: (backend, { params }) =>
      json(backend.sessionPeerConfig(params.workspace_id, params.session_id, params.peer_id)),
  }),
  route({
    method: 'put',
    path: `${SESSION}/peers/{peer_id}/config`,
    serves: 'setSessionPeerConfig',
    summary: 'Set a member’s session configuration; values not given stay',
    scope: (input) => sessionScope({ as: [input.params.peer_id] })(input),
    params: S.SessionPeerParams,
    body: S.SessionPeerConfig,
    response: S.SessionPeerConfigAnswer,
    run: (backend, { params, body }) =>
      json(backend.sessionPeerConfig(params.workspace_id, params.session_id, params.peer_id, body)),
  }),
];
