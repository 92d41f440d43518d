import type { z } from 'zod';
import { type MicroUsd, priceOfChat, priceOfMessages } from '../../payments/gateway-prices.js';
import { GetPeerCardInput, PeerCardOutput } from '../../schemas/card.js';
import { ChatInput, ChatOutput } from '../../schemas/chat.js';
import { Ok } from '../../schemas/common.js';
import { ContextOutput, GetContextInput } from '../../schemas/context.js';
import {
  GatewayAddMessagesInput,
  GatewayListPeersInput,
  GatewayListPeersOutput,
  GatewaySetPeerCardInput,
} from '../../schemas/gateway.js';
import { AddMessagesOutput, ListMessagesInput, ListMessagesOutput } from '../../schemas/message.js';
import { ListPeerSessionsInput, ListPeerSessionsOutput, PeerList } from '../../schemas/peer.js';
import { GetRepresentationInput, RepresentationOutput } from '../../schemas/representation.js';
import { SearchInput, SearchOutput } from '../../schemas/search.js';
import {
  ListSessionsInput,
  ListSessionsOutput,
  SessionInput,
  SessionPeersChangeInput,
} from '../../schemas/session.js';
import { SessionSummariesOutput } from '../../schemas/summary.js';
import type { GatewayBackend, ProvisionalWrite } from '../../service/gateway-backend.js';
import type { MemoryService } from '../../service/memory-service.js';
import { allPeers } from '../../service/peer-pages.js';

/** A gateway endpoint as data: its path, who may call it, its schemas and the one call it makes. */
export type GatewayRoute<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> = {
  path: `/${string}`;
  summary: string;
  description: string;
  input: Input;
  output: Output;
} & (
  | { access: 'signed'; call(memory: MemoryService, input: z.output<Input>): Promise<z.output<Output>> }
  | {
      access: 'paid';
      /** Read from the validated body, before anything runs. */
      price(input: z.output<Input>): MicroUsd;
      /** How the price is set, for the OpenAPI document and llms.txt. */
      priceRule: string;
      /** Runs before settlement; what it stores is kept or withdrawn by how settlement ends. */
      run(
        backend: GatewayBackend,
        workspace: string,
        input: z.output<Input>,
      ): Promise<ProvisionalWrite<z.output<Output>>>;
    }
);

const route = <Input extends z.ZodType, Output extends z.ZodType>(definition: GatewayRoute<Input, Output>) =>
  definition as unknown as GatewayRoute;

/**
 * The endpoints of area A, in the spec's order. The two paid ones are run by the payment
 * gate (see charge-for.ts); every other one makes exactly one call on the wallet's memory.
 */
export const GATEWAY_ROUTES: readonly GatewayRoute[] = [
  route({
    path: '/messages',
    access: 'paid',
    summary: 'Append messages',
    description:
      'Appends messages to a session. Creates the session and each authoring peer on first reference and adds the authors to the session.',
    input: GatewayAddMessagesInput,
    output: AddMessagesOutput,
    price: priceOfMessages,
    priceRule:
      '2 USD per 1,000,000 input tokens, tokens = ceil(total characters of message content / 4); floor 0.001 USD, ceiling 5.00 USD',
    run: (backend, workspace, input) => backend.addMessagesProvisionally(workspace, input),
  }),
  route({
    path: '/chat',
    access: 'paid',
    summary: 'Ask a question over a peer’s memory',
    description:
      'Answers a natural-language question from what the peer’s memory holds, optionally scoped to a session or to what the peer knows about a target.',
    input: ChatInput,
    output: ChatOutput,
    price: priceOfChat,
    priceRule: 'by reasoning_level: minimal 0.001, low 0.01 (default), medium 0.05, high 0.10, max 0.50 USD',
    run: (backend, workspace, input) => backend.chatProvisionally(workspace, input),
  }),
  route({
    path: '/messages/list',
    access: 'signed',
    summary: 'List session messages',
    description: 'Messages of a session, ordered by creation time (oldest first; reverse for newest first).',
    input: ListMessagesInput,
    output: ListMessagesOutput,
    call: (memory, input) => memory.listMessages(input),
  }),
  route({
    path: '/peers',
    access: 'signed',
    summary: 'List peers',
    description: 'Every peer of the workspace.',
    input: GatewayListPeersInput,
    output: GatewayListPeersOutput,
    call: (memory) => allPeers(memory),
  }),
  route({
    path: '/peers/sessions',
    access: 'signed',
    summary: 'Sessions of a peer',
    description: 'The sessions a peer takes or took part in; is_active tells whether it still does.',
    input: ListPeerSessionsInput,
    output: ListPeerSessionsOutput,
    call: (memory, input) => memory.listPeerSessions(input),
  }),
  route({
    path: '/representation',
    access: 'signed',
    summary: 'Peer representation',
    description:
      'Markdown summary of what has been learned about a peer, globally, in a session, or of a target.',
    input: GetRepresentationInput,
    output: RepresentationOutput,
    call: (memory, input) => memory.getRepresentation(input),
  }),
  route({
    path: '/card',
    access: 'signed',
    summary: 'Get peer card',
    description:
      'The short list of stable facts about a peer (or held by the peer about a target); null when none.',
    input: GetPeerCardInput,
    output: PeerCardOutput,
    call: (memory, input) => memory.getPeerCard(input),
  }),
  route({
    path: '/card/set',
    access: 'signed',
    summary: 'Set peer card',
    description: 'Replaces a peer’s card (or its card about a target) with the given facts.',
    input: GatewaySetPeerCardInput,
    output: PeerCardOutput,
    call: (memory, input) => memory.setPeerCard(input),
  }),
  route({
    path: '/sessions',
    access: 'signed',
    summary: 'List sessions',
    description: 'The sessions of the workspace, oldest first.',
    input: ListSessionsInput,
    output: ListSessionsOutput,
    call: (memory, input) => memory.listSessions(input),
  }),
  route({
    path: '/sessions/peers',
    access: 'signed',
    summary: 'Peers in a session',
    description: 'The current members of a session.',
    input: SessionInput,
    output: PeerList,
    call: (memory, input) => memory.listSessionPeers(input),
  }),
  route({
    path: '/sessions/peers/add',
    access: 'signed',
    summary: 'Add peers to a session',
    description: 'Adds peers to a session, creating the session and the peers on first reference.',
    input: SessionPeersChangeInput,
    output: Ok,
    call: (memory, input) => memory.addSessionPeers(input),
  }),
  route({
    path: '/sessions/peers/remove',
    access: 'signed',
    summary: 'Remove peers from a session',
    description: 'Removes peers from a session; their messages stay.',
    input: SessionPeersChangeInput,
    output: Ok,
    call: (memory, input) => memory.removeSessionPeers(input),
  }),
  route({
    path: '/sessions/delete',
    access: 'signed',
    summary: 'Delete a session',
    description: 'Removes a session and all its messages permanently. This cannot be undone.',
    input: SessionInput,
    output: Ok,
    call: (memory, input) => memory.deleteSession(input),
  }),
  route({
    path: '/sessions/summaries',
    access: 'signed',
    summary: 'Session summaries',
    description: 'The short and long summaries of a session; either is null until generated.',
    input: SessionInput,
    output: SessionSummariesOutput,
    call: (memory, input) => memory.getSessionSummaries(input),
  }),
  route({
    path: '/context',
    access: 'signed',
    summary: 'Context for an LLM',
    description:
      'The newest messages of a session that fit a token budget, with optionally a summary of older ones and a peer’s representation and card.',
    input: GetContextInput,
    output: ContextOutput,
    call: (memory, input) => memory.getContext(input),
  }),
  route({
    path: '/search',
    access: 'signed',
    summary: 'Search messages',
    description:
      'Messages that match a query, best first, across the workspace or within a session or a peer’s messages.',
    input: SearchInput,
    output: SearchOutput,
    call: (memory, input) => memory.search(input),
  }),
];
