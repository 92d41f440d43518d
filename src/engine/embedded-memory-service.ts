import type { DeriverStatusOutput } from '../schemas/deriver-status.js';
import type { Peer, Session } from '../schemas/platform.js';
import { nothingSpent } from '../schemas/spending.js';
import { capMessageContents } from '../service/cap-message-contents.js';
import { type Entity, MemoryError, NotFoundError } from '../service/errors.js';
import type { MemoryService } from '../service/memory-service.js';
import { asMessageWithMetadata, asObservation, asPeerOrSession } from '../service/platform-records.js';
import type { Database } from './database/database.js';
import type { Learning } from './learning/learning.js';
import { addMessages } from './operations/add-messages.js';
import { addSessionPeers } from './operations/add-session-peers.js';
import { chat } from './operations/chat.js';
import { deletePeer } from './operations/delete-peer.js';
import { deleteSession } from './operations/delete-session.js';
import { getContext } from './operations/get-context.js';
import { getDeriverStatus } from './operations/get-deriver-status.js';
import { getPeerCard } from './operations/get-peer-card.js';
import { getRepresentation } from './operations/get-representation.js';
import { getSessionSummaries } from './operations/get-session-summaries.js';
import { listMessages } from './operations/list-messages.js';
import { listPeerSessions } from './operations/list-peer-sessions.js';
import { listPeers } from './operations/list-peers.js';
import { listSessionPeers } from './operations/list-session-peers.js';
import { listSessions } from './operations/list-sessions.js';
import { removeSessionPeers } from './operations/remove-session-peers.js';
import { searchMessages } from './operations/search-messages.js';
import { setPeerCard } from './operations/set-peer-card.js';
import {
  createConclusions,
  deleteConclusion,
  listConclusions,
  queryConclusions,
} from './platform/conclusions.js';
import { updateRow } from './platform/configurable-rows.js';
import { getMessage, updateMessageMetadata } from './platform/messages.js';
import { PEER_TABLE } from './platform/peers.js';
import { cloneSession, SESSION_TABLE, sessionPeerConfig } from './platform/sessions.js';
import type { VectorSearch } from './search/vector-search.js';

export type EmbeddedMemoryServiceOptions = {
  /** The workspace every call reads and writes. */
  workspace: string;
  /** The token budget of `getContext` when the caller gives none. */
  contextTokens: number;
  learning: Learning;
  /** Nearest message vectors (pgvector or in memory), shared by every workspace of the process. */
  vectors: VectorSearch;
  /** Where this process learns (reported by get_deriver_status); 'none' by default. */
  learningThread?: DeriverStatusOutput['learning_thread'];
  /**
   * Who holds the idempotency keys of its writes (an API key's id): a key is one holder's only.
   * The MCP server's own when absent.
   */
  keyHolder?: string | undefined;
  /**
   * Tells this process's deriver that new messages wait (another process finds them by polling),
   * and its usage recorder what was written.
   */
  onMessagesAdded?: (messages: readonly { token_count: number }[]) => void;
};

/** The memory of one workspace, stored in `db`; answers holding messages are capped in size. */
export function createEmbeddedMemoryService(
  db: Database,
  options: EmbeddedMemoryServiceOptions,
): MemoryService {
  const { workspace, learning, vectors } = options;
  return {
    addMessages: async (input) => {
      const { idempotency_key: key } = input;
      const added = await addMessages(db, workspace, input, {
        idempotency: key === undefined ? undefined : { holder: options.keyHolder ?? 'mcp', key },
      });
      options.onMessagesAdded?.(added.messages);
      return { messages: capMessageContents(added.messages) };
    },
    listMessages: async (input) => {
      const page = await listMessages(db, workspace, input);
      return { ...page, items: capMessageContents(page.items) };
    },
    listPeers: (input) => listPeers(db, workspace, input),
    listPeerSessions: (input) => listPeerSessions(db, workspace, input),
    getPeerCard: (input) => getPeerCard(db, workspace, input),
    setPeerCard: (input) => setPeerCard(db, workspace, input),
    listSessions: (input) => listSessions(db, workspace, input),
    listSessionPeers: (input) => listSessionPeers(db, workspace, input),
    addSessionPeers: (input) => addSessionPeers(db, workspace, input),
    removeSessionPeers: (input) => removeSessionPeers(db, workspace, input),
    deleteSession: (input) => deleteSession(db, workspace, input),
    getSessionSummaries: (input) => getSessionSummaries(db, workspace, input),
    getContext: async (input) => {
      const context = await getContext(db, workspace, input, {
        defaultTokens: options.contextTokens,
        summaryEvery: learning.summaryEvery,
      });
      return { ...context, messages: capMessageContents(context.messages) };
    },
    search: async (input) => {
      const found = await searchMessages(db, workspace, input, { embedder: learning.embedder, vectors });
      return { messages: capMessageContents(found.messages) };
    },
    chat: (input) => chat(db, workspace, input, { learning, vectors }),
    getRepresentation: (input) => getRepresentation(db, workspace, input),
    getDeriverStatus: async (input) =>
      getDeriverStatus(db, workspace, input, learning, {
        learningThread: options.learningThread ?? 'none',
        vectorSearch: await vectors.path(),
      }),
    getSpending: async () => nothingSpent(new Date()),

    getMessage: (input) =>
      inToolTerms(getMessage(db, workspace, input.session, input.message), MESSAGE_FIELDS).then(
        asMessageWithMetadata,
      ),
    updateMessageMetadata: (input) =>
      inToolTerms(
        updateMessageMetadata(db, workspace, input.session, input.message, input.metadata),
        MESSAGE_FIELDS,
      ).then(asMessageWithMetadata),
    updatePeerMetadata: (input) =>
      inToolTerms(updateRow<Peer>(db, PEER_TABLE, workspace, input.peer, { metadata: input.metadata }), {
        peer_id: 'peer',
      }).then(asPeerOrSession),
    deletePeer: (input) => deletePeer(db, workspace, input),
    updateSessionMetadata: (input) =>
      inToolTerms(
        updateRow<Session>(db, SESSION_TABLE, workspace, input.session, { metadata: input.metadata }),
        {
          session_id: 'session',
        },
      ).then(asPeerOrSession),
    cloneSession: (input) =>
      inToolTerms(cloneSession(db, workspace, input.session, input.up_to_message), {
        session_id: 'session',
        message_id: 'up_to_message',
      }).then(asPeerOrSession),
    getSessionPeerConfig: (input) =>
      inToolTerms(sessionPeerConfig(db, workspace, input.session, input.peer), MEMBER_FIELDS),
    setSessionPeerConfig: ({ session, peer, ...change }) =>
      inToolTerms(sessionPeerConfig(db, workspace, session, peer, change), MEMBER_FIELDS),
    listObservations: async ({ page, size, reverse, observer, observed, session }) => {
      const filters = {
        ...(observer === undefined ? {} : { observer_id: observer }),
        ...(observed === undefined ? {} : { observed_id: observed }),
        ...(session === undefined ? {} : { session_id: session }),
      };
      const found = await listConclusions(db, workspace, filters, { page, size, reverse });
      return { items: found.items.map(asObservation), page, size, total: found.total };
    },
    queryObservations: async (input) => {
      const pair = { observer: input.observer, observed: input.observed, session: input.session };
      const found = await queryConclusions(db, learning.embedder, workspace, pair, input.query, input.top_k);
      return { observations: found.map(asObservation) };
    },
    createObservations: async (input) => {
      const created = await inToolTerms(
        createConclusions(
          db,
          learning.embedder,
          workspace,
          input.observations.map((observation) => ({
            observer_id: observation.observer,
            observed_id: observation.observed,
            session_id: observation.session,
            content: observation.content,
          })),
        ),
        OBSERVATION_FIELDS,
      );
      return { observations: created.map(asObservation) };
    },
    deleteObservation: async (input) => {
      await inToolTerms(deleteConclusion(db, workspace, input.id), OBSERVATION_FIELDS);
      return { ok: true };
    },
  };
}

// The platform operations name their fields as the HTTP API does; the tools' names differ.
const MESSAGE_FIELDS = { message_id: 'message' };
const MEMBER_FIELDS = { peer_id: 'peer' };
const OBSERVATION_FIELDS = {
  conclusions: 'observations',
  conclusion_id: 'id',
  observer_id: 'observer',
  observed_id: 'observed',
  session_id: 'session',
};
/** The tools call the platform's conclusions observations. */
const TOOL_ENTITY: Partial<Record<Entity, string>> = { conclusion: 'observation' };

/**
 * The error of a platform operation restated in the tools' terms, from its parts: each part of
 * its field path named as the tool's input names it, and its message led by that field
 * (`message: "m1" does not exist ...`, `id: observation "o1" does not exist`), as tool errors are.
 */
async function inToolTerms<Result>(
  operation: Promise<Result>,
  fields: Record<string, string>,
): Promise<Result> {
  try {
    return await operation;
  } catch (error) {
    if (!(error instanceof MemoryError) || error.field === undefined) throw error;
    const field = error.field
      .split('.')
      .map((part) => fields[part] ?? part)
      .join('.');
    const options = { field, cause: error, ...(error.hint === undefined ? {} : { hint: error.hint }) };
    if (error instanceof NotFoundError && error.subject !== undefined) {
      const { entity, id } = error.subject;
      const named = TOOL_ENTITY[entity] ?? entity;
      // The field alone names the record when it is called what the record is (`peer: "ada" ...`).
      const record = field === named ? `"${id}"` : `${named} "${id}"`;
      throw new MemoryError('not_found', `${field}: ${record} ${error.reason}`, {
        ...options,
        subject: error.subject,
      });
    }
    const reason = error.message.startsWith(`${error.field}: `)
      ? error.message.slice(error.field.length + 2)
      : error.message;
    throw new MemoryError(error.code, `${field}: ${reason}`, options);
  }
}
