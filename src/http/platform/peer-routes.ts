import * as S from '../../schemas/platform.js';
import { configurableRoutes } from './configurable-routes.js';
import { json, listRoute, route, WORKSPACE, workspaceListRoute } from './route-definition.js';
import { peerInSession, peerScope } from './route-scopes.js';
import { searchRoute } from './search-route.js';

const PEER = `${WORKSPACE}/peers/{peer_id}`;

/** A peer: getting or creating, changing and forgetting it, and asking what its memory holds. */
export const PEER_ROUTES = [
  route({
    method: 'post',
    path: `${WORKSPACE}/peers`,
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
      json(backend.getOrCreatePeer(params.workspace_id, body.id, S.givenSettings(body))),
  }),
  workspaceListRoute({
    name: 'peers',
    list: 'listPeers',
    serves: 'listPeers',
    summary: 'List the peers of a workspace',
    item: S.Peer,
  }),
  ...configurableRoutes({
    serves: { change: 'updatePeerMetadata', delete: 'deletePeer' },
    name: 'peer',
    path: PEER,
    params: S.PeerParams,
    item: S.Peer,
    deleteSummary:
      'Forget a peer: its messages, observations by and about it, cards, memberships and queued learning; no undo',
    // Deleting takes the default scope, the workspace: a peer key may not delete its own peer.
    scope: { change: peerScope },
    change: (backend, params, change) => backend.updatePeer(params.workspace_id, params.peer_id, change),
    delete: (backend, params) => backend.deletePeer(params.workspace_id, params.peer_id),
  }),
  listRoute({
    path: `${PEER}/sessions`,
    serves: 'listPeerSessions',
    summary: 'The sessions a peer is or was in (is_active: still a member)',
    scope: peerScope,
    params: S.PeerParams,
    item: S.Session,
    list: (backend, { workspace_id, peer_id }, filters, page) =>
      backend.listPeerSessions(workspace_id, peer_id, filters, page),
  }),
  route({
    method: 'post',
    path: `${PEER}/chat`,
    serves: 'chat',
    summary: 'Ask what a peer’s memory holds (stream: true answers server-sent events)',
    scope: (input) => peerInSession(input, input.body.session_id),
    params: S.PeerParams,
    body: S.ChatBody,
    response: S.ChatAnswer,
    run: async (backend, { params, body }, caller) => {
      const chat = {
        ...viewOf(params.peer_id, body),
        query: body.query,
        reasoning_level: body.reasoning_level ?? 'low',
      };
      // A peer key reads the messages of its peer's sessions only, and creates no target.
      const answer =
        caller.peer === undefined
          ? await backend.chat(params.workspace_id, chat)
          : await backend.chatAsMember(params.workspace_id, chat);
      return body.stream ? chatStream(answer.content) : { json: { content: answer.content, evidence: null } };
    },
  }),
  searchRoute({
    path: `${PEER}/search`,
    summary: 'Search the messages a peer wrote',
    scope: (input) => peerInSession(input, input.body.filters?.session_id),
    params: S.PeerParams,
    within: (params) => ({ peer: params.peer_id }),
  }),
  route({
    method: 'post',
    path: `${PEER}/representation`,
    serves: 'getRepresentation',
    summary: 'What a peer knows of itself or of a target, as markdown',
    scope: (input) => peerInSession(input, input.body.session_id),
    params: S.PeerParams,
    body: S.RepresentationBody,
    response: S.Representation,
    run: (backend, { params, body }) =>
      json(backend.memory(params.workspace_id).getRepresentation(viewOf(params.peer_id, body))),
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
      const pair = viewOf(params.peer_id, { target: query.target });
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
    serves: 'getPeerCard',
    summary: 'A peer’s card (of itself, or of a target)',
    scope: peerScope,
    params: S.PeerParams,
    query: S.CardQuery,
    response: S.PeerCardAnswer,
    run: (backend, { params, query }) =>
      json(backend.memory(params.workspace_id).getPeerCard(viewOf(params.peer_id, { target: query.target }))),
  }),
  route({
    method: 'put',
    path: `${PEER}/card`,
    serves: 'setPeerCard',
    summary: 'Replace a peer’s card (of itself, or of a target)',
    scope: peerScope,
    params: S.PeerParams,
    query: S.CardQuery,
    body: S.CardBody,
    response: S.PeerCardAnswer,
    run: async (backend, { params, query, body }, caller) => {
      // A peer key writes its card of a peer that exists; it creates no other peer.
      if (caller.peer !== undefined && query.target !== undefined)
        await backend.assertPeerExists(params.workspace_id, query.target, 'target');
      return json(
        backend
          .memory(params.workspace_id)
          .setPeerCard({ ...viewOf(params.peer_id, { target: query.target }), card: body.peer_card }),
      );
    },
  }),
];

/**
 * Whose memory a read looks into: the peer of the path, of itself or of the target the request
 * names, narrowed to the session it names.
 */
function viewOf(
  peer: string,
  named: { target?: string | null | undefined; session_id?: string | null | undefined },
) {
  return {
    peer,
    ...(named.session_id == null ? {} : { session: named.session_id }),
    ...(named.target == null ? {} : { target: named.target }),
  };
}

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
