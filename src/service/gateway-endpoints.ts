import type { z } from 'zod';
import { GetPeerCardInput, PeerCardOutput } from '../schemas/card.js';
import { ChatInput, ChatOutput } from '../schemas/chat.js';
import { Ok } from '../schemas/common.js';
import { ContextOutput, GetContextInput } from '../schemas/context.js';
import {
  GatewayAddMessagesInput,
  GatewayListPeersInput,
  GatewayListPeersOutput,
  GatewaySetPeerCardInput,
} from '../schemas/gateway.js';
import { AddMessagesOutput, ListMessagesInput, ListMessagesOutput } from '../schemas/message.js';
import { ListPeerSessionsInput, ListPeerSessionsOutput, PeerList } from '../schemas/peer.js';
import { GetRepresentationInput, RepresentationOutput } from '../schemas/representation.js';
import { SearchInput, SearchOutput } from '../schemas/search.js';
import {
  ListSessionsInput,
  ListSessionsOutput,
  SessionInput,
  SessionPeersChangeInput,
} from '../schemas/session.js';
import { SessionSummariesOutput } from '../schemas/summary.js';
import type { MemoryService } from './memory-service.js';

type MemoryMethod = keyof MemoryService;
type MethodInput<Method extends MemoryMethod> = Parameters<MemoryService[Method]>[0];
type MethodAnswer<Method extends MemoryMethod> = Awaited<ReturnType<MemoryService[Method]>>;

/**
 * An endpoint of the gateway's `/api/memory`, as its server (src/http/gateway) and its clients
 * (src/remote) both read it: the path, who may call it (`signed`: free after a wallet sign-in;
 * `paid`: for a payment), the `MemoryService` method it serves, and its schemas and words.
 */
export type GatewayEndpoint = {
  path: `/${string}`;
  access: 'signed' | 'paid';
  serves: MemoryMethod;
  summary: string;
  description: string;
  input: z.ZodType;
  output: z.ZodType;
};

/**
 * An endpoint whose body is the input of the method it serves and whose answer is the method's:
 * the type checker holds its schemas to the method's types, so either end passes them on as they are.
 */
const endpoint = <Method extends MemoryMethod, Access extends GatewayEndpoint['access']>(
  definition: GatewayEndpoint & {
    serves: Method;
    access: Access;
    input: z.ZodType<MethodInput<Method>>;
    output: z.ZodType<MethodAnswer<Method>>;
  },
) => definition;

/**
 * The endpoints of area A, in the spec's order. Each serves one `MemoryService` method; every
 * method none serves is one the gateway does not sell.
 */
export const GATEWAY_ENDPOINTS = [
  endpoint({
    path: '/messages',
    access: 'paid',
    serves: 'addMessages',
    summary: 'Append messages',
    description:
      'Appends messages to a session. Creates the session and each authoring peer on first reference and adds the authors to the session.',
    input: GatewayAddMessagesInput,
    output: AddMessagesOutput,
  }),
  endpoint({
    path: '/chat',
    access: 'paid',
    serves: 'chat',
    summary: 'Ask a question over a peer’s memory',
    description:
      'Answers a natural-language question from what the peer’s memory holds, optionally scoped to a session or to what the peer knows about a target.',
    input: ChatInput,
    output: ChatOutput,
  }),
  endpoint({
    path: '/messages/list',
    access: 'signed',
    serves: 'listMessages',
    summary: 'List session messages',
    description: 'Messages of a session, ordered by creation time (oldest first; reverse for newest first).',
    input: ListMessagesInput,
    output: ListMessagesOutput,
  }),
  {
    // Not the method's shapes: the spec's /peers answers every peer at once, where listPeers gives
    // a page. The server reads every page (allPeers), a client gives a page of the whole (pageOfPeers).
    path: '/peers',
    access: 'signed',
    serves: 'listPeers',
    summary: 'List peers',
    description: 'Every peer of the workspace.',
    input: GatewayListPeersInput,
    output: GatewayListPeersOutput,
  } as const satisfies GatewayEndpoint,
  endpoint({
    path: '/peers/sessions',
    access: 'signed',
    serves: 'listPeerSessions',
    summary: 'Sessions of a peer',
    description: 'The sessions a peer takes or took part in; is_active tells whether it still does.',
    input: ListPeerSessionsInput,
    output: ListPeerSessionsOutput,
  }),
  endpoint({
    path: '/representation',
    access: 'signed',
    serves: 'getRepresentation',
    summary: 'Peer representation',
    description:
      'Markdown summary of what has been learned about a peer, globally, in a session, or of a target.',
    input: GetRepresentationInput,
    output: RepresentationOutput,
  }),
  endpoint({
    path: '/card',
    access: 'signed',
    serves: 'getPeerCard',
    summary: 'Get peer card',
    description:
      'The short list of stable facts about a peer (or held by the peer about a target); null when none.',
    input: GetPeerCardInput,
    output: PeerCardOutput,
  }),
  endpoint({
    path: '/card/set',
    access: 'signed',
    serves: 'setPeerCard',
    summary: 'Set peer card',
    description: 'Replaces a peer’s card (or its card about a target) with the given facts.',
    input: GatewaySetPeerCardInput,
    output: PeerCardOutput,
  }),
  endpoint({
    path: '/sessions',
    access: 'signed',
    serves: 'listSessions',
    summary: 'List sessions',
    description: 'The sessions of the workspace, oldest first.',
    input: ListSessionsInput,
    output: ListSessionsOutput,
  }),
  endpoint({
    path: '/sessions/peers',
    access: 'signed',
    serves: 'listSessionPeers',
    summary: 'Peers in a session',
    description: 'The current members of a session.',
    input: SessionInput,
    output: PeerList,
  }),
  endpoint({
    path: '/sessions/peers/add',
    access: 'signed',
    serves: 'addSessionPeers',
    summary: 'Add peers to a session',
    description: 'Adds peers to a session, creating the session and the peers on first reference.',
    input: SessionPeersChangeInput,
    output: Ok,
  }),
  endpoint({
    path: '/sessions/peers/remove',
    access: 'signed',
    serves: 'removeSessionPeers',
    summary: 'Remove peers from a session',
    description: 'Removes peers from a session; their messages stay.',
    input: SessionPeersChangeInput,
    output: Ok,
  }),
  endpoint({
    path: '/sessions/delete',
    access: 'signed',
    serves: 'deleteSession',
    summary: 'Delete a session',
    description: 'Removes a session and all its messages permanently. This cannot be undone.',
    input: SessionInput,
    output: Ok,
  }),
  endpoint({
    path: '/sessions/summaries',
    access: 'signed',
    serves: 'getSessionSummaries',
    summary: 'Session summaries',
    description: 'The short and long summaries of a session; either is null until generated.',
    input: SessionInput,
    output: SessionSummariesOutput,
  }),
  endpoint({
    path: '/context',
    access: 'signed',
    serves: 'getContext',
    summary: 'Context for an LLM',
    description:
      'The newest messages of a session that fit a token budget, with optionally a summary of older ones and a peer’s representation and card.',
    input: GetContextInput,
    output: ContextOutput,
  }),
  endpoint({
    path: '/search',
    access: 'signed',
    serves: 'search',
    summary: 'Search messages',
    description:
      'Messages that match a query, best first, across the workspace or within a session or a peer’s messages.',
    input: SearchInput,
    output: SearchOutput,
  }),
] as const;

/** A method the gateway sells, and a paid one. */
export type GatewayMethod = (typeof GATEWAY_ENDPOINTS)[number]['serves'];
export type PaidGatewayMethod = Extract<(typeof GATEWAY_ENDPOINTS)[number], { access: 'paid' }>['serves'];

/** The endpoint that serves each method, for the methods the gateway sells. */
export const GATEWAY_ENDPOINT_OF = Object.fromEntries(
  GATEWAY_ENDPOINTS.map((endpoint) => [endpoint.serves, endpoint]),
) as { readonly [Method in MemoryMethod]?: GatewayEndpoint } & Readonly<
  Record<GatewayMethod, GatewayEndpoint>
>;
