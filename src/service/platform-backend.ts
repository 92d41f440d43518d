import type { ChatInput, ChatOutput } from '../schemas/chat.js';
import type { AddMessagesInput } from '../schemas/message.js';
import type {
  Conclusion,
  ConfigurableChange,
  NewConclusion,
  Page,
  PageRequest,
  Peer,
  PlatformMessage,
  QueueStatus,
  Session,
  SessionContext,
  SessionContextRequest,
  SessionPeerConfig,
  SessionPeerConfigAnswer,
  WebhookDelivery,
  WebhookEndpoint,
  Workspace,
} from '../schemas/platform.js';
import type { SearchInput } from '../schemas/search.js';
import type { MemoryService } from './memory-service.js';

/** The filters of a list, as the platform's request gives them (see `Filters` in schemas/platform.ts). */
type Filters = Record<string, unknown> | undefined;

/** A filtered page of a workspace's records of one kind. */
type WorkspaceList<Item> = (workspace: string, filters: Filters, page: PageRequest) => Promise<Page<Item>>;
/** A filtered list of what one row of a workspace holds (a peer's sessions, a session's messages). */
type ListWithin<Item> = (
  workspace: string,
  within: string,
  filters: Filters,
  page: PageRequest,
) => Promise<Page<Item>>;

/** A get-or-create of a webhook endpoint: created or found, or refused as the workspace has its most. */
export type CreatedEndpoint = { kind: 'created' | 'existing'; endpoint: WebhookEndpoint } | { kind: 'limit' };

/** The webhook endpoints of the workspaces and the state of their deliveries. */
export interface PlatformWebhooks {
  getOrCreate(workspace: string, url: string): Promise<CreatedEndpoint>;
  list(workspace: string, page: PageRequest): Promise<Page<WebhookEndpoint>>;
  delete(workspace: string, id: string): Promise<void>;
  /** Queues a `test.event` for every endpoint of the workspace. */
  sendTest(workspace: string): Promise<void>;
  deliveries(workspace: string, endpoint: string, page: PageRequest): Promise<Page<WebhookDelivery>>;
}

/**
 * What the platform API (`/v3`) needs of the service: every workspace of the store, with the
 * workspace-level operations (metadata, configuration, listing, deletion, clones, conclusions)
 * beside the memory each workspace already has. Its records are the shapes of schemas/platform.ts.
 */
export interface PlatformBackend {
  memory(workspace: string): MemoryService;
  readonly webhooks: PlatformWebhooks;

  getOrCreateWorkspace(id: string, initial: ConfigurableChange): Promise<Workspace>;
  listWorkspaces(filters: Filters, page: PageRequest): Promise<Page<Workspace>>;
  updateWorkspace(id: string, change: ConfigurableChange): Promise<Workspace>;
  deleteWorkspace(id: string): Promise<void>;
  /** The export file of the workspace, line by line. */
  exportWorkspace(id: string): Promise<AsyncGenerator<string>>;

  getOrCreatePeer(workspace: string, id: string, initial: ConfigurableChange): Promise<Peer>;
  listPeers: WorkspaceList<Peer>;
  updatePeer(workspace: string, id: string, change: ConfigurableChange): Promise<Peer>;
  deletePeer(workspace: string, id: string): Promise<unknown>;
  /** The sessions of the peer `within`. */
  listPeerSessions: ListWithin<Session>;
  /** A not_found naming `field` unless the peer exists. */
  assertPeerExists(workspace: string, id: string, field: string): Promise<void>;

  getOrCreateSession(
    workspace: string,
    id: string,
    initial: ConfigurableChange & { peers?: Record<string, SessionPeerConfig> | undefined },
  ): Promise<Session>;
  listSessions: WorkspaceList<Session>;
  updateSession(workspace: string, id: string, change: ConfigurableChange): Promise<Session>;
  deleteSession(workspace: string, id: string): Promise<unknown>;
  /** A new session holding the messages up to `upTo` (all when undefined). */
  cloneSession(workspace: string, id: string, upTo: string | undefined): Promise<Session>;
  setSessionPeers(
    workspace: string,
    session: string,
    peers: Record<string, SessionPeerConfig>,
    replace: boolean,
  ): Promise<void>;
  removeSessionPeers(workspace: string, session: string, peers: readonly string[]): Promise<void>;
  listSessionPeers(workspace: string, session: string, page: PageRequest): Promise<Page<Peer>>;
  /** A member's configuration, changed first when `change` is given. */
  sessionPeerConfig(
    workspace: string,
    session: string,
    peer: string,
    change?: SessionPeerConfig,
  ): Promise<SessionPeerConfigAnswer>;
  sessionContext(workspace: string, session: string, request: SessionContextRequest): Promise<SessionContext>;

  /** Stores messages; with an idempotency key of `holder`, a repeat answers what the first stored. */
  addMessages(
    workspace: string,
    session: string,
    messages: AddMessagesInput['messages'],
    idempotency?: { holder: string; key: string },
  ): Promise<PlatformMessage[]>;
  /** The messages of the session `within`. */
  listMessages: ListWithin<PlatformMessage>;
  getMessage(workspace: string, session: string, id: string): Promise<PlatformMessage>;
  updateMessageMetadata(
    workspace: string,
    session: string,
    id: string,
    metadata: Record<string, unknown>,
  ): Promise<PlatformMessage>;
  search(workspace: string, input: SearchInput): Promise<PlatformMessage[]>;

  chat(workspace: string, input: ChatInput): Promise<ChatOutput>;
  /** A chat as a peer that may reach only its own sessions (a peer key). */
  chatAsMember(workspace: string, input: ChatInput): Promise<ChatOutput>;

  listConclusions: WorkspaceList<Conclusion>;
  getConclusion(workspace: string, id: string): Promise<Conclusion>;
  queryConclusions(
    workspace: string,
    pair: { observer: string; observed: string; session?: string | undefined },
    query: string,
    topK: number,
  ): Promise<Conclusion[]>;
  createConclusions(workspace: string, conclusions: NewConclusion[]): Promise<Conclusion[]>;
  deleteConclusion(workspace: string, id: string): Promise<void>;
  queueStatus(workspace: string, session: string | undefined): Promise<QueueStatus>;
}
