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
} from '../schemas/message.js';
import type { ListPeerSessionsInput, ListPeerSessionsOutput, PeerList } from '../schemas/peer.js';
import type { GetRepresentationInput, RepresentationOutput } from '../schemas/representation.js';
import type { SearchInput, SearchOutput } from '../schemas/search.js';
import type {
  ListSessionsInput,
  ListSessionsOutput,
  SessionInput,
  SessionPeersChangeInput,
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
  listPeers(): Promise<PeerList>;
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
}
