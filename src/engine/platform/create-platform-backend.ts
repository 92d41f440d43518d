import type { ChatInput } from '../../schemas/chat.js';
import type { AddMessagesInput } from '../../schemas/message.js';
import type {
  ConfigurableChange,
  NewConclusion,
  PageRequest,
  Peer,
  Session,
  SessionContextRequest,
  SessionPeerConfig,
} from '../../schemas/platform.js';
import type { SearchInput } from '../../schemas/search.js';
import type { PlatformBackend } from '../../service/platform-backend.js';
import type { Engine } from '../create-engine.js';
import type { Database } from '../database/database.js';
import { exportWorkspace } from '../export/export-workspaces.js';
import type { Embedder } from '../learning/llm/embedder.js';
import { ensureChatSubjects } from '../operations/ensure-chat-subjects.js';
import { readRepresentation } from '../reads/read-representation.js';
import {
  createConclusions,
  deleteConclusion,
  getConclusion,
  listConclusions,
  queryConclusions,
} from './conclusions.js';
import { getOrCreateRow, updateRow } from './configurable-rows.js';
import { getMessage, listSessionMessages, readMessages, updateMessageMetadata } from './messages.js';
import { assertPeerExists, PEER_LIST, PEER_SESSION_LIST, PEER_TABLE } from './peers.js';
import { filteredQuery, readPage } from './platform-page.js';
import { getQueueStatus } from './queue-status.js';
import {
  cloneSession,
  listSessionPeers,
  removeSessionPeers,
  SESSION_LIST,
  SESSION_TABLE,
  sessionPeerConfig,
  upsertSessionPeers,
} from './sessions.js';
import { platformWebhooks } from './webhooks.js';
import { deleteWorkspace, getOrCreateWorkspace, listWorkspaces, updateWorkspace } from './workspaces.js';

type Filters = Record<string, unknown> | undefined;

/**
 * The platform API's view of the embedded engine: every workspace of the database, with the
 * workspace-level operations (metadata, configuration, listing, deletion, clones, conclusions)
 * beside the memory each workspace already has (`engine.memory`).
 */
export function createPlatformBackend(
  db: Database,
  engine: Engine,
  embedder: Embedder & { readonly model: string },
  options: { allowPrivateWebhooks?: boolean } = {},
): PlatformBackend {
  return {
    memory: (workspace: string) => engine.memory(workspace),
    webhooks: platformWebhooks(db, options.allowPrivateWebhooks ?? false),
    getOrCreateWorkspace: (id: string, initial: ConfigurableChange) => getOrCreateWorkspace(db, id, initial),
    listWorkspaces: (filters: Filters, page: PageRequest) => listWorkspaces(db, filters, page),
    updateWorkspace: (id: string, change: ConfigurableChange) => updateWorkspace(db, id, change),
    deleteWorkspace: (id: string) => deleteWorkspace(db, id),
    exportWorkspace: (id: string) => exportWorkspace(db, id),

    getOrCreatePeer: (workspace: string, id: string, initial: ConfigurableChange) =>
      getOrCreateRow<Peer>(db, PEER_TABLE, workspace, id, initial),
    listPeers: (workspace: string, filters: Filters, page: PageRequest) =>
      readPage<Peer>(db, ...filteredQuery(PEER_LIST, [workspace], filters), page),
    updatePeer: (workspace: string, id: string, change: ConfigurableChange) =>
      updateRow<Peer>(db, PEER_TABLE, workspace, id, change),
    deletePeer: (workspace: string, id: string) => engine.memory(workspace).deletePeer({ peer: id }),
    listPeerSessions: (workspace: string, peer: string, filters: Filters, page: PageRequest) =>
      readPage<Session>(db, ...filteredQuery(PEER_SESSION_LIST, [workspace, peer], filters), page),

    async getOrCreateSession(
      workspace: string,
      id: string,
      initial: ConfigurableChange & { peers?: Record<string, SessionPeerConfig> | undefined },
    ) {
      const session = await getOrCreateRow<Session>(db, SESSION_TABLE, workspace, id, initial);
      if (initial.peers !== undefined && Object.keys(initial.peers).length > 0)
        await upsertSessionPeers(db, workspace, id, initial.peers, { replace: false });
      return session;
    },
    listSessions: (workspace: string, filters: Filters, page: PageRequest) =>
      readPage<Session>(db, ...filteredQuery(SESSION_LIST, [workspace], filters), page),
    updateSession: (workspace: string, id: string, change: ConfigurableChange) =>
      updateRow<Session>(db, SESSION_TABLE, workspace, id, change),
    deleteSession: (workspace: string, id: string) => engine.memory(workspace).deleteSession({ session: id }),
    cloneSession: (workspace: string, id: string, upTo: string | undefined) =>
      cloneSession(db, workspace, id, upTo),
    setSessionPeers: (
      workspace: string,
      session: string,
      peers: Record<string, SessionPeerConfig>,
      replace: boolean,
    ) => upsertSessionPeers(db, workspace, session, peers, { replace }),
    removeSessionPeers: (workspace: string, session: string, peers: readonly string[]) =>
      removeSessionPeers(db, workspace, session, peers),
    listSessionPeers: (workspace: string, session: string, page: PageRequest) =>
      listSessionPeers(db, workspace, session, page),
    sessionPeerConfig: (workspace: string, session: string, peer: string, change?: SessionPeerConfig) =>
      sessionPeerConfig(db, workspace, session, peer, change),

    /**
     * Stores messages (with their own times and metadata when given) and answers them whole; with
     * an idempotency key of `holder`, a repeat answers the messages its first write stored.
     */
    async addMessages(
      workspace: string,
      session: string,
      messages: AddMessagesInput['messages'],
      idempotency?: { holder: string; key: string },
    ) {
      const added = await engine.memory(workspace, idempotency?.holder).addMessages({
        session,
        messages,
        ...(idempotency === undefined ? {} : { idempotency_key: idempotency.key }),
      });
      return readMessages(
        db,
        workspace,
        added.messages.map((message) => message.id),
      );
    },
    listMessages: (workspace: string, session: string, filters: Filters, page: PageRequest) =>
      listSessionMessages(db, workspace, session, filters, page),
    getMessage: (workspace: string, session: string, id: string) => getMessage(db, workspace, session, id),
    updateMessageMetadata: (
      workspace: string,
      session: string,
      id: string,
      metadata: Record<string, unknown>,
    ) => updateMessageMetadata(db, workspace, session, id, metadata),
    /** The engine's hybrid search, answered with whole platform messages. */
    async search(workspace: string, input: SearchInput) {
      const found = await engine.memory(workspace).search(input);
      return readMessages(
        db,
        workspace,
        found.messages.map((message) => message.id),
      );
    },
    chat: (workspace: string, input: ChatInput) => engine.memory(workspace).chat(input),
    /**
     * A chat as a peer that may reach only its own sessions (a peer key): it creates the peer
     * alone, never the target (one that does not exist is a not_found) or a session, and reads
     * the messages of the sessions the peer is a member of; what it has learned is its own
     * wherever it was learned.
     */
    async chatAsMember(workspace: string, input: ChatInput) {
      if (input.target) await assertPeerExists(db, workspace, input.target, 'target');
      await ensureChatSubjects(db, workspace, { peer: input.peer });
      return engine.answerChat(workspace, input, { withinSessionsOf: input.peer });
    },
    assertPeerExists: (workspace: string, id: string, field: string) =>
      assertPeerExists(db, workspace, id, field),

    /**
     * The newest messages within the budget, the summary before them, and what the perspective
     * peer (the target itself when none) knows of the target: narrowed to the session, capped in
     * observations, and led by the conclusions that best answer `search_query` when asked.
     */
    async sessionContext(workspace: string, session: string, request: SessionContextRequest) {
      const target = request.peer_target;
      const observer = request.peer_perspective ?? target;
      const context = await engine.memory(workspace).getContext({
        session,
        summary: request.summary,
        ...(request.tokens === undefined ? {} : { tokens: request.tokens }),
        ...(observer === undefined ? {} : { peer_perspective: observer, peer_target: target }),
      });
      let representation = context.peer_representation;
      if (observer !== undefined && target !== undefined) {
        const narrowed = request.limit_to_session || request.max_observations !== undefined;
        if (narrowed)
          representation = await readRepresentation(
            db,
            workspace,
            { observer, observed: target, ...(request.limit_to_session ? { session } : {}) },
            request.max_observations ?? 40,
          );
        if (request.search_query !== undefined) {
          const relevant = await queryConclusions(
            db,
            embedder,
            workspace,
            { observer, observed: target, ...(request.limit_to_session ? { session } : {}) },
            request.search_query,
            request.search_top_k,
          );
          if (relevant.length > 0)
            representation = [
              '## Most relevant to the query',
              ...relevant.map((conclusion) => `- ${conclusion.content.replace(/\s*[\r\n]+\s*/g, ' ')}`),
              ...(representation ? ['', representation] : []),
            ].join('\n');
        }
      }
      const messages = await readMessages(
        db,
        workspace,
        context.messages.map((message) => message.id),
      );
      return {
        id: context.id,
        messages,
        summary: context.summary,
        peer_representation: representation,
        peer_card: target === undefined ? null : context.peer_card,
      };
    },

    listConclusions: (workspace: string, filters: Filters, page: PageRequest) =>
      listConclusions(db, workspace, filters, page),
    getConclusion: (workspace: string, id: string) => getConclusion(db, workspace, id),
    queryConclusions: (
      workspace: string,
      pair: { observer: string; observed: string; session?: string | undefined },
      query: string,
      topK: number,
    ) => queryConclusions(db, embedder, workspace, pair, query, topK),
    createConclusions: (workspace: string, conclusions: NewConclusion[]) =>
      createConclusions(db, embedder, workspace, conclusions),
    deleteConclusion: (workspace: string, id: string) => deleteConclusion(db, workspace, id),
    queueStatus: (workspace: string, session: string | undefined) => getQueueStatus(db, workspace, session),
  };
}
