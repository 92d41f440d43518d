import type { GetPeerCardInput, PeerCardOutput, SetPeerCardInput } from '../schemas/card.js';
import type { ChatInput, ChatOutput } from '../schemas/chat.js';
import type { Ok } from '../schemas/common.js';
import type { ContextOutput, GetContextInput } from '../schemas/context.js';
import type { DeriverStatusInput, DeriverStatusOutput } from '../schemas/deriver-status.js';
import type {
  AddMessagesInput,
  AddMessagesOutput,
  ListMessagesInput,
  ListMessagesOutput,
  MessageInput,
  MessageWithMetadata,
  UpdateMessageMetadataInput,
} from '../schemas/message.js';
import type {
  CreateObservationsInput,
  DeleteObservationInput,
  ListObservationsInput,
  ListObservationsOutput,
  ObservationList,
  QueryObservationsInput,
} from '../schemas/observation.js';
import type {
  DeletePeerInput,
  ListPeerSessionsInput,
  ListPeerSessionsOutput,
  ListPeersInput,
  ListPeersOutput,
  Peer,
  PeerList,
  UpdatePeerMetadataInput,
} from '../schemas/peer.js';
import type { GetRepresentationInput, RepresentationOutput } from '../schemas/representation.js';
import type { SearchInput, SearchOutput } from '../schemas/search.js';
import type {
  CloneSessionInput,
  ListSessionsInput,
  ListSessionsOutput,
  Session,
  SessionInput,
  SessionPeerConfig,
  SessionPeerInput,
  SessionPeersChangeInput,
  SetSessionPeerConfigInput,
  UpdateSessionMetadataInput,
} from '../schemas/session.js';
import type { SpendingOutput } from '../schemas/spending.js';
import type { SessionSummariesOutput } from '../schemas/summary.js';

/**
 * The memory of one workspace. Every MCP tool and every free gateway route calls exactly one of
 * these (the paid routes go through GatewayBackend, whose writes can be withdrawn); the embedded
 * engine implements it.
 */
export interface MemoryService {
  addMessages(input: AddMessagesInput): Promise<AddMessagesOutput>;
  listMessages(input: ListMessagesInput): Promise<ListMessagesOutput>;
  listPeers(input: ListPeersInput): Promise<ListPeersOutput>;
  listPeerSessions(input: ListPeerSessionsInput): Promise<ListPeerSessionsOutput>;
  getPeerCard(input: GetPeerCardInput): Promise<PeerCardOutput>;
  setPeerCard(input: SetPeerCardInput): Promise<PeerCardOutput>;
  listSessions(input: ListSessionsInput): Promise<ListSessionsOutput>;
  listSessionPeers(input: SessionInput): Promise<PeerList>;
  addSessionPeers(input: SessionPeersChangeInput): Promise<Ok>;
  removeSessionPeers(input: SessionPeersChangeInput): Promise<Ok>;
  deleteSession(input: SessionInput): Promise<Ok>;
  getSessionSummaries(input: SessionInput): Promise<SessionSummariesOutput>;
  getContext(input: GetContextInput): Promise<ContextOutput>;
  search(input: SearchInput): Promise<SearchOutput>;
  chat(input: ChatInput): Promise<ChatOutput>;
  getRepresentation(input: GetRepresentationInput): Promise<RepresentationOutput>;
  getDeriverStatus(input: DeriverStatusInput): Promise<DeriverStatusOutput>;
  /** What this server paid an upstream today and lately: nothing, where it keeps the memory itself. */
  getSpending(): Promise<SpendingOutput>;

  // Beyond the gateway's operations: the platform's, inside one workspace.
  getMessage(input: MessageInput): Promise<MessageWithMetadata>;
  updateMessageMetadata(input: UpdateMessageMetadataInput): Promise<MessageWithMetadata>;
  updatePeerMetadata(input: UpdatePeerMetadataInput): Promise<Peer>;
  /** Forgets a peer: its messages, observations by and about it, cards, memberships. No undo. */
  deletePeer(input: DeletePeerInput): Promise<Ok>;
  updateSessionMetadata(input: UpdateSessionMetadataInput): Promise<Session>;
  /** A copy of the session under a new id: metadata, members with their configuration, messages. */
  cloneSession(input: CloneSessionInput): Promise<Session>;
  getSessionPeerConfig(input: SessionPeerInput): Promise<SessionPeerConfig>;
  setSessionPeerConfig(input: SetSessionPeerConfigInput): Promise<SessionPeerConfig>;
  /** Current observations, oldest first unless reversed, filtered by observer, observed and session. */
  listObservations(input: ListObservationsInput): Promise<ListObservationsOutput>;
  /** The observations of one observer about one peer that best answer a query, best first. */
  queryObservations(input: QueryObservationsInput): Promise<ObservationList>;
  /** Stores observations written by hand; the same content again for the same pair counts as seen again. */
  createObservations(input: CreateObservationsInput): Promise<ObservationList>;
  deleteObservation(input: DeleteObservationInput): Promise<Ok>;
}

/**
 * The methods of `MemoryService`, at run time: what a remote service derives its methods from.
 * The type checker keeps the list whole, a method missing or one too many.
 */
export const MEMORY_METHODS = Object.keys({
  addMessages: true,
  listMessages: true,
  listPeers: true,
  listPeerSessions: true,
  getPeerCard: true,
  setPeerCard: true,
  listSessions: true,
  listSessionPeers: true,
  addSessionPeers: true,
  removeSessionPeers: true,
  deleteSession: true,
  getSessionSummaries: true,
  getContext: true,
  search: true,
  chat: true,
  getRepresentation: true,
  getDeriverStatus: true,
  getSpending: true,
  getMessage: true,
  updateMessageMetadata: true,
  updatePeerMetadata: true,
  deletePeer: true,
  updateSessionMetadata: true,
  cloneSession: true,
  getSessionPeerConfig: true,
  setSessionPeerConfig: true,
  listObservations: true,
  queryObservations: true,
  createObservations: true,
  deleteObservation: true,
} satisfies Record<keyof MemoryService, true>) as (keyof MemoryService)[];
