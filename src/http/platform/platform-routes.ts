import { z } from 'zod';
import type { PlatformBackend } from '../../engine/platform/create-platform-backend.js';
import type { Caller, Reach } from './platform-auth.js';
import * as S from './platform-schemas.js';
import { UPLOAD_ROUTE } from './upload-route.js';
import { WEBHOOK_ROUTES } from './webhook-routes.js';

type Input<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
};

/** What a route answers: JSON with a status, or a whole response (a stream). */
type RouteAnswer = { status?: 200 | 202; json: unknown } | Response;

export type PlatformRoute = {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI style: `/v3/workspaces/{workspace_id}`. */
  path: string;
  summary: string;
  params: z.ZodType;
  query: z.ZodType | undefined;
  body: z.ZodType | undefined;
  /** The body is multipart/form-data (a file upload), checked by `body` as an object of its fields. */
  multipart?: true;
  response: z.ZodType;
  status: 200 | 202;
  /** What the request reaches, for the scope check of its key (see platform-auth.ts). */
  scope(input: Input<z.ZodType, z.ZodType, z.ZodType>): Reach;
  run(
    backend: PlatformBackend,
    input: Input<z.ZodType, z.ZodType, z.ZodType>,
    caller: Caller,
  ): Promise<RouteAnswer>;
};

/** A route whose handler sees its validated input typed. */
function route<
  P extends z.ZodType,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
>(definition: {
  method: PlatformRoute['method'];
  path: string;
  summary: string;
  params: P;
  query?: Q;
  body?: B;
  response: z.ZodType;
  status?: 200 | 202;
  /** By default the workspace of the path, or the whole server for a path without one. */
  scope?(input: Input<P, Q, B>): Reach;
  run(backend: PlatformBackend, input: Input<P, Q, B>, caller: Caller): Promise<RouteAnswer>;
}): PlatformRoute {
  return {
    ...definition,
    query: definition.query,
    body: definition.body,
    status: definition.status ?? 200,
    scope: (definition.scope ?? defaultScope) as PlatformRoute['scope'],
    run: definition.run as PlatformRoute['run'],
  };
}

/*
 * Scope rules, one per route, read from the request alone (docs/platform.md has them as a table).
 * A route without one reaches the workspace of its path: a workspace key may use it, a peer or a
 * session key may not; a path without a workspace is for admin keys.
 */
const SERVER: Reach = { level: 'server' };

function defaultScope(input: { params: unknown }): Reach {
  const workspace = (input.params as { workspace_id?: string }).workspace_id;
  return workspace === undefined ? SERVER : { level: 'workspace', workspace };
}

/** What a peer holds or sees: a peer key reaches it for its own peer only. */
const peerScope = ({ params }: { params: z.output<typeof S.PeerParams> }): Reach => ({
  level: 'peer',
  workspace: params.workspace_id,
  peer: params.peer_id,
});

/** One session, read, or written as the peers `as` names. */
const sessionScope =
  (extra: { as?: readonly string[]; manages?: boolean } = {}) =>
  ({ params }: { params: z.output<typeof S.SessionParams> }): Reach => ({
    level: 'session',
    workspace: params.workspace_id,
    session: params.session_id,
    ...extra,
  });

/** A change to a session itself or to its members: a peer key may not make it. */
const managesSession = sessionScope({ manages: true });

const json = async (value: Promise<unknown> | unknown, status?: 200 | 202) => ({
  json: await value,
  ...(status === undefined ? {} : { status }),
});

/** `filters.session_id` and `filters.peer_id` of a search; any other filter is refused by its schema. */
const SearchFilters = z
  .strictObject({ session_id: z.string().optional(), peer_id: z.string().optional() })
  .nullish();

const W = '/v3/workspaces';
const WS = `${W}/{workspace_id}`;
const SESSION = `${WS}/sessions/{session_id}`;
const PEER = `${WS}/peers/{peer_id}`;

const createMessages = (version: 'v2' | 'v3') =>
  route({
    method: 'post',
    path: `/${version}/workspaces/{workspace_id}/sessions/{session_id}/messages`,
    summary:
      version === 'v2'
        ? 'Create messages (the /v2 path): each with its own created_at and metadata when given'
        : 'Create messages in a session, each with its own created_at and metadata when given',
    params: S.SessionParams,
    body: S.CreateMessages,
    response: z.array(S.PlatformMessage),
    // A peer key writes as its own peer only.
    scope: (input) => sessionScope({ as: input.body.messages.map((message) => message.peer_id) })(input),
    run: (backend, { params, body }) =>
      json(
        backend.addMessages(
          params.workspace_id,
          params.session_id,
          body.messages.map((message) => ({
            peer: message.peer_id,
            content: message.content,
            ...(message.metadata == null ? {} : { metadata: message.metadata }),
            ...(message.created_at == null ? {} : { created_at: message.created_at }),
          })),
        ),
      ),
  });

/** Every route of the platform API, in the order of the OpenAPI document. */
export const PLATFORM_ROUTES: readonly PlatformRoute[] = [
  route({
    method: 'post',
    path: W,
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
    run: (backend, { body }) =>
      json(
        backend.getOrCreateWorkspace(body.id, {
          metadata: body.metadata ?? undefined,
          configuration: body.configuration ?? undefined,
        }),
      ),
  }),
  route({
    method: 'post',
    path: `${W}/list`,
    summary: 'List workspaces',
    params: z.object({}),
    query: S.PageQuery,
    body: S.FiltersBody,
    response: S.PageOf(S.Workspace),
    scope: () => SERVER,
    run: (backend, { query, body }) => json(backend.listWorkspaces(body?.filters ?? undefined, query)),
  }),
  route({
    method: 'put',
    path: WS,
    summary: 'Update a workspace’s metadata and/or configuration',
    params: S.WorkspaceParams,
    body: S.Change,
    response: S.Workspace,
    run: (backend, { params, body }) =>
      json(
        backend.updateWorkspace(params.workspace_id, {
          metadata: body.metadata ?? undefined,
          configuration: body.configuration ?? undefined,
        }),
      ),
  }),
  route({
    method: 'delete',
    path: WS,
    summary: 'Delete a workspace and everything in it',
    params: S.WorkspaceParams,
    response: S.Deleted,
    status: 202,
    run: async (backend, { params }) => {
      await backend.deleteWorkspace(params.workspace_id);
      return { status: 202, json: { message: 'workspace deleted' } };
    },
  }),
  route({
    method: 'post',
    path: `${WS}/search`,
    summary: 'Search the messages of a workspace',
    params: S.WorkspaceParams,
    body: S.SearchBody.extend({ filters: SearchFilters }),
    response: z.array(S.PlatformMessage),
    run: (backend, { params, body }) =>
      json(
        backend.search(params.workspace_id, {
          query: body.query,
          limit: body.limit,
          ...(body.filters?.session_id === undefined ? {} : { session: body.filters.session_id }),
          ...(body.filters?.peer_id === undefined ? {} : { peer: body.filters.peer_id }),
        }),
      ),
  }),
  route({
    method: 'get',
    path: `${WS}/queue/status`,
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

  route({
    method: 'post',
    path: `${WS}/peers`,
    summary: 'Get or create a peer',
    params: S.WorkspaceParams,
    body: S.CreateWithId,
    response: S.Peer,
    scope: ({ params, body }) => ({
      level: 'peer',
      workspace: params.workspace_id,
      peer: body.id,
      opens: body.metadata == null && body.configuration == null,
    }),
    run: (backend, { params, body }) =>
      json(
        backend.getOrCreatePeer(params.workspace_id, body.id, {
          metadata: body.metadata ?? undefined,
          configuration: body.configuration ?? undefined,
        }),
      ),
  }),
  route({
    method: 'post',
    path: `${WS}/peers/list`,
    summary: 'List the peers of a workspace',
    params: S.WorkspaceParams,
    query: S.PageQuery,
    body: S.FiltersBody,
    response: S.PageOf(S.Peer),
    run: (backend, { params, query, body }) =>
      json(backend.listPeers(params.workspace_id, body?.filters ?? undefined, query)),
  }),
  route({
    method: 'put',
    path: PEER,
    summary: 'Update a peer’s metadata and/or configuration',
    scope: peerScope,
    params: S.PeerParams,
    body: S.Change,
    response: S.Peer,
    run: (backend, { params, body }) =>
      json(
        backend.updatePeer(params.workspace_id, params.peer_id, {
          metadata: body.metadata ?? undefined,
          configuration: body.configuration ?? undefined,
        }),
      ),
  }),
  route({
    method: 'post',
    path: `${PEER}/sessions`,
    summary: 'The sessions a peer is or was in (is_active: still a member)',
    scope: peerScope,
    params: S.PeerParams,
    query: S.PageQuery,
    body: S.FiltersBody,
    response: S.PageOf(S.Session),
    run: (backend, { params, query, body }) =>
      json(backend.listPeerSessions(params.workspace_id, params.peer_id, body?.filters ?? undefined, query)),
  }),
  route({
    method: 'post',
    path: `${PEER}/chat`,
    summary: 'Ask what a peer’s memory holds (stream: true answers server-sent events)',
    scope: peerScope,
    params: S.PeerParams,
    body: S.ChatBody,
    response: S.ChatAnswer,
    run: async (backend, { params, body }) => {
      const answer = await backend.chat(params.workspace_id, {
        peer: params.peer_id,
        query: body.query,
        reasoning_level: body.reasoning_level ?? 'low',
        ...(body.session_id == null ? {} : { session: body.session_id }),
        ...(body.target == null ? {} : { target: body.target }),
      });
      return body.stream ? chatStream(answer.content) : { json: { content: answer.content, evidence: null } };
    },
  }),
  route({
    method: 'post',
    path: `${PEER}/search`,
    summary: 'Search the messages a peer wrote',
    scope: peerScope,
    params: S.PeerParams,
    body: S.SearchBody.extend({ filters: SearchFilters }),
    response: z.array(S.PlatformMessage),
    run: (backend, { params, body }) =>
      json(
        backend.search(params.workspace_id, {
          query: body.query,
          limit: body.limit,
          peer: params.peer_id,
          ...(body.filters?.session_id === undefined ? {} : { session: body.filters.session_id }),
        }),
      ),
  }),
  route({
    method: 'post',
    path: `${PEER}/representation`,
    summary: 'What a peer knows of itself or of a target, as markdown',
    scope: peerScope,
    params: S.PeerParams,
    body: S.RepresentationBody,
    response: S.Representation,
    run: (backend, { params, body }) =>
      json(
        backend.memory(params.workspace_id).getRepresentation({
          peer: params.peer_id,
          ...(body.session_id == null ? {} : { session: body.session_id }),
          ...(body.target == null ? {} : { target: body.target }),
        }),
      ),
  }),
  route({
    method: 'get',
    path: `${PEER}/context`,
    summary: 'A peer’s representation and card of itself or of a target',
    scope: peerScope,
    params: S.PeerParams,
    query: S.PeerContextQuery,
    response: S.PeerContext,
    run: async (backend, { params, query }) => {
      const memory = backend.memory(params.workspace_id);
      const pair = { peer: params.peer_id, ...(query.target === undefined ? {} : { target: query.target }) };
      const [representation, card] = await Promise.all([
        memory.getRepresentation(pair),
        memory.getPeerCard(pair),
      ]);
      return {
        json: {
          peer_id: params.peer_id,
          target_id: query.target ?? params.peer_id,
          representation: representation.representation || null,
          peer_card: card.peer_card,
        },
      };
    },
  }),
  route({
    method: 'get',
    path: `${PEER}/card`,
    summary: 'A peer’s card (of itself, or of a target)',
    scope: peerScope,
    params: S.PeerParams,
    query: S.CardQuery,
    response: S.PeerCardAnswer,
    run: (backend, { params, query }) =>
      json(
        backend.memory(params.workspace_id).getPeerCard({
          peer: params.peer_id,
          ...(query.target === undefined ? {} : { target: query.target }),
        }),
      ),
  }),
  route({
    method: 'put',
    path: `${PEER}/card`,
    summary: 'Replace a peer’s card (of itself, or of a target)',
    scope: peerScope,
    params: S.PeerParams,
    query: S.CardQuery,
    body: S.CardBody,
    response: S.PeerCardAnswer,
    run: (backend, { params, query, body }) =>
      json(
        backend.memory(params.workspace_id).setPeerCard({
          peer: params.peer_id,
          card: body.peer_card,
          ...(query.target === undefined ? {} : { target: query.target }),
        }),
      ),
  }),

  route({
    method: 'post',
    path: `${WS}/sessions`,
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
          metadata: body.metadata ?? undefined,
          configuration: body.configuration ?? undefined,
          peers: body.peers ?? undefined,
        }),
      ),
  }),
  route({
    method: 'post',
    path: `${WS}/sessions/list`,
    summary: 'List the sessions of a workspace',
    params: S.WorkspaceParams,
    query: S.PageQuery,
    body: S.FiltersBody,
    response: S.PageOf(S.Session),
    run: (backend, { params, query, body }) =>
      json(backend.listSessions(params.workspace_id, body?.filters ?? undefined, query)),
  }),
  route({
    method: 'put',
    path: SESSION,
    summary: 'Update a session’s metadata and/or configuration',
    scope: managesSession,
    params: S.SessionParams,
    body: S.Change,
    response: S.Session,
    run: (backend, { params, body }) =>
      json(
        backend.updateSession(params.workspace_id, params.session_id, {
          metadata: body.metadata ?? undefined,
          configuration: body.configuration ?? undefined,
        }),
      ),
  }),
  route({
    method: 'delete',
    path: SESSION,
    summary: 'Delete a session with its messages and what was learned from them',
    scope: managesSession,
    params: S.SessionParams,
    response: S.Deleted,
    status: 202,
    run: async (backend, { params }) => {
      await backend.deleteSession(params.workspace_id, params.session_id);
      return { status: 202, json: { message: 'session deleted' } };
    },
  }),
  route({
    method: 'post',
    path: `${SESSION}/clone`,
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
    summary: 'Messages within a token budget, a summary, and a peer’s representation and card',
    params: S.SessionParams,
    query: S.ContextQuery,
    response: S.SessionContext,
    // A peer key reads what its own peer knows; the target's own view is the default perspective.
    scope: (input) => {
      const viewer = input.query.peer_perspective ?? input.query.peer_target;
      return sessionScope({ as: viewer === undefined ? [] : [viewer] })(input);
    },
    run: (backend, { params, query }, caller) =>
      json(
        backend.sessionContext(params.workspace_id, params.session_id, {
          tokens: query.tokens,
          summary: query.summary,
          peer_target: query.peer_target,
          peer_perspective: query.peer_perspective,
          // A session key reads what was learned in its session only.
          limit_to_session: query.limit_to_session || caller.session !== undefined,
          search_query: query.search_query,
          search_top_k: query.search_top_k,
          max_observations: query.max_observations ?? query.max_conclusions,
        }),
      ),
  }),
  route({
    method: 'get',
    path: `${SESSION}/summaries`,
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
  route({
    method: 'post',
    path: `${SESSION}/search`,
    summary: 'Search the messages of a session',
    scope: sessionScope(),
    params: S.SessionParams,
    body: S.SearchBody.extend({ filters: SearchFilters }),
    response: z.array(S.PlatformMessage),
    run: (backend, { params, body }) =>
      json(
        backend.search(params.workspace_id, {
          query: body.query,
          limit: body.limit,
          session: params.session_id,
          ...(body.filters?.peer_id === undefined ? {} : { peer: body.filters.peer_id }),
        }),
      ),
  }),
  route({
    method: 'post',
    path: `${SESSION}/peers`,
    summary: 'Add peers to a session, with their session configuration',
    scope: managesSession,
    params: S.SessionParams,
    body: S.SessionPeers,
    response: S.Deleted,
    run: async (backend, { params, body }) => {
      await backend.setSessionPeers(params.workspace_id, params.session_id, body, false);
      return { json: { message: 'peers added' } };
    },
  }),
  route({
    method: 'put',
    path: `${SESSION}/peers`,
    summary: 'Set the members of a session: the peers not named leave it',
    scope: managesSession,
    params: S.SessionParams,
    body: S.SessionPeers,
    response: S.Deleted,
    run: async (backend, { params, body }) => {
      await backend.setSessionPeers(params.workspace_id, params.session_id, body, true);
      return { json: { message: 'peers set' } };
    },
  }),
  route({
    method: 'delete',
    path: `${SESSION}/peers`,
    summary: 'Remove peers from a session (a JSON array of peer ids)',
    scope: managesSession,
    params: S.SessionParams,
    body: z.array(S.PeerParams.shape.peer_id).min(1).max(100),
    response: S.Deleted,
    run: async (backend, { params, body }) => {
      await backend.removeSessionPeers(params.workspace_id, params.session_id, body);
      return { json: { message: 'peers removed' } };
    },
  }),
  route({
    method: 'get',
    path: `${SESSION}/peers`,
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
    summary: 'Set a member’s session configuration; values not given stay',
    scope: (input) => sessionScope({ as: [input.params.peer_id] })(input),
    params: S.SessionPeerParams,
    body: S.SessionPeerConfig,
    response: S.SessionPeerConfigAnswer,
    run: (backend, { params, body }) =>
      json(backend.sessionPeerConfig(params.workspace_id, params.session_id, params.peer_id, body)),
  }),
  createMessages('v3'),
  createMessages('v2'),
  route({
    method: 'post',
    path: `${SESSION}/messages/list`,
    summary: 'List a session’s messages, oldest first, filtered',
    scope: sessionScope(),
    params: S.SessionParams,
    query: S.PageQuery,
    body: S.FiltersBody,
    response: S.PageOf(S.PlatformMessage),
    run: (backend, { params, query, body }) =>
      json(backend.listMessages(params.workspace_id, params.session_id, body?.filters ?? undefined, query)),
  }),
  route({
    method: 'get',
    path: `${SESSION}/messages/{message_id}`,
    summary: 'One message',
    scope: sessionScope(),
    params: S.MessageParams,
    response: S.PlatformMessage,
    run: (backend, { params }) =>
      json(backend.getMessage(params.workspace_id, params.session_id, params.message_id)),
  }),
  route({
    method: 'put',
    path: `${SESSION}/messages/{message_id}`,
    summary: 'Replace a message’s metadata',
    scope: managesSession,
    params: S.MessageParams,
    body: S.UpdateMessage,
    response: S.PlatformMessage,
    run: (backend, { params, body }) =>
      json(
        backend.updateMessageMetadata(
          params.workspace_id,
          params.session_id,
          params.message_id,
          body.metadata,
        ),
      ),
  }),

  route({
    method: 'post',
    path: `${WS}/conclusions/list`,
    summary: 'List conclusions (observations), filtered by observer_id, observed_id, session_id, id',
    params: S.WorkspaceParams,
    query: S.PageQuery,
    body: S.FiltersBody,
    response: S.PageOf(S.Conclusion),
    run: (backend, { params, query, body }) =>
      json(backend.listConclusions(params.workspace_id, body?.filters ?? undefined, query)),
  }),
  route({
    method: 'post',
    path: `${WS}/conclusions/query`,
    summary: 'The conclusions of an observer about an observed peer that best answer a query',
    params: S.WorkspaceParams,
    body: S.ConclusionQueryBody,
    response: z.array(S.Conclusion),
    run: (backend, { params, body }) =>
      json(
        backend.queryConclusions(
          params.workspace_id,
          {
            observer: body.filters.observer_id,
            observed: body.filters.observed_id,
            session: body.filters.session_id,
          },
          body.query,
          body.top_k,
        ),
      ),
  }),
  route({
    method: 'post',
    path: `${WS}/conclusions`,
    summary: 'Create conclusions by hand (explicit), each tied to a session',
    params: S.WorkspaceParams,
    body: S.CreateConclusions,
    response: z.array(S.Conclusion),
    run: (backend, { params, body }) =>
      json(backend.createConclusions(params.workspace_id, body.conclusions)),
  }),
  route({
    method: 'get',
    path: `${WS}/conclusions/{conclusion_id}`,
    summary: 'One conclusion',
    params: S.ConclusionParams,
    response: S.Conclusion,
    run: (backend, { params }) => json(backend.getConclusion(params.workspace_id, params.conclusion_id)),
  }),
  route({
    method: 'delete',
    path: `${WS}/conclusions/{conclusion_id}`,
    summary: 'Delete a conclusion',
    params: S.ConclusionParams,
    response: S.Deleted,
    run: async (backend, { params }) => {
      await backend.deleteConclusion(params.workspace_id, params.conclusion_id);
      return { json: { message: 'conclusion deleted' } };
    },
  }),
  UPLOAD_ROUTE,
  ...WEBHOOK_ROUTES,
];

/** A chat answer as server-sent events: the content as one delta, then done. */
function chatStream(content: string | null): Response {
  const events = [
    ...(content ? [{ done: false, delta: { content } }] : []),
    { done: true, delta: { content: '' } },
  ];
  return new Response(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''), {
    headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' },
  });
}
