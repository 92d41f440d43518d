import type { DeriverStatusOutput } from '../schemas/deriver-status.js';
import { nothingSpent } from '../schemas/spending.js';
import { MemoryError } from '../service/errors.js';
import type { MemoryService } from '../service/memory-service.js';
import { capMessageContents } from './cap-message-contents.js';
import type { Database } from './database/database.js';
import type { Learning } from './learning/learning.js';
import { addMessages } from './operations/add-messages.js';
import { addSessionPeers } from './operations/add-session-peers.js';
import { chat } from './operations/chat.js';
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
  type Conclusion,
  createConclusions,
  deleteConclusion,
  listConclusions,
  queryConclusions,
} from './platform/conclusions.js';
import { getMessage, type PlatformMessage, updateMessageMetadata } from './platform/messages.js';
import { updatePeer } from './platform/peers.js';
import { cloneSession, type Session, sessionPeerConfig, updateSession } from './platform/sessions.js';
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
  /** Tells this process's deriver that new messages wait (another process finds them by polling). */
  onMessagesAdded?: () => void;
};

/** The memory of one workspace, stored in `db`; answers holding messages are capped in size. */
export function createEmbeddedMemoryService(
  db: Database,
  options: EmbeddedMemoryServiceOptions,
): MemoryService {
  const { workspace, learning, vectors } = options;
  return {
    addMessages: async (input) => {
      const added = await addMessages(db, workspace, input);
      options.onMessagesAdded?.();
      return { messages: capMessageContents(added.messages) };
    },
    listMessages: async (input) => {
      const page = await listMessages(db, workspace, input);
      return { ...page, items: capMessageContents(page.items) };
    },
    listPeers: () => listPeers(db, workspace),
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
      const context = await getContext(db, workspace, input, options.contextTokens);
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
      inToolTerms(getMessage(db, workspace, input.session, input.message), MESSAGE_TERMS).then(asMessage),
    updateMessageMetadata: (input) =>
      inToolTerms(
        updateMessageMetadata(db, workspace, input.session, input.message, input.metadata),
        MESSAGE_TERMS,
      ).then(asMessage),
    updatePeerMetadata: async (input) => {
      const peer = await inToolTerms(updatePeer(db, workspace, input.peer, { metadata: input.metadata }), {
        peer_id: 'peer',
      });
      return { id: peer.id, metadata: peer.metadata, created_at: peer.created_at };
    },
    updateSessionMetadata: (input) =>
      inToolTerms(updateSession(db, workspace, input.session, { metadata: input.metadata }), {
        session_id: 'session',
      }).then(asSession),
    cloneSession: (input) =>
      inToolTerms(cloneSession(db, workspace, input.session, input.up_to_message), {
        session_id: 'session',
        message_id: 'up_to_message',
      }).then(asSession),
    getSessionPeerConfig: (input) =>
      inToolTerms(sessionPeerConfig(db, workspace, input.session, input.peer), MEMBER_TERMS, MEMBER_HINT),
    setSessionPeerConfig: ({ session, peer, ...change }) =>
      inToolTerms(sessionPeerConfig(db, workspace, session, peer, change), MEMBER_TERMS, MEMBER_HINT),
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
        OBSERVATION_TERMS,
      );
      return { observations: created.map(asObservation) };
    },
    deleteObservation: async (input) => {
      await inToolTerms(deleteConclusion(db, workspace, input.id), OBSERVATION_TERMS, OBSERVATION_HINT);
      return { ok: true };
    },
  };
}

// The platform operations name their fields as the HTTP API does; the tools' names differ.
const MESSAGE_TERMS = { message_id: 'message' };
const MEMBER_TERMS = { peer_id: 'peer' };
const MEMBER_HINT =
  'Add the peer to the session first with add_session_peers; list_session_peers lists its members.';
const OBSERVATION_TERMS = {
  conclusions: 'observations',
  conclusion_id: 'id',
  conclusion: 'observation',
  observer_id: 'observer',
  observed_id: 'observed',
  session_id: 'session',
};
const OBSERVATION_HINT = 'list_observations or query_observations give the ids of the current observations.';

/**
 * The error of a platform operation restated in the tools' terms: each platform word of its
 * field and message replaced by the tool's, and its hint replaced where it named an HTTP route.
 */
async function inToolTerms<Result>(
  operation: Promise<Result>,
  terms: Record<string, string>,
  hint?: string,
): Promise<Result> {
  try {
    return await operation;
  } catch (error) {
    if (!(error instanceof MemoryError)) throw error;
    const pattern = new RegExp(`\\b(${Object.keys(terms).join('|')})\\b`, 'g');
    const restate = (text: string) => text.replace(pattern, (word) => terms[word] ?? word);
    const field = error.field === undefined ? undefined : restate(error.field);
    const newHint = hint ?? error.hint;
    throw new MemoryError(error.code, namingField(restate(error.message), field), {
      ...(field === undefined ? {} : { field }),
      ...(newHint === undefined ? {} : { hint: newHint }),
      cause: error,
    });
  }
}

/** The message led by the field it is about (`message: "m1" does not exist ...`), as tool errors are. */
function namingField(message: string, field: string | undefined): string {
  if (field === undefined || message.startsWith(`${field}:`)) return message;
  return message.startsWith(`${field} "`)
    ? `${field}: ${message.slice(field.length + 1)}`
    : `${field}: ${message}`;
}

const asMessage = ({ workspace_id: _, ...message }: PlatformMessage) => message;

const asSession = (session: Session) => ({
  id: session.id,
  metadata: session.metadata,
  created_at: session.created_at,
});

const asObservation = (conclusion: Conclusion) => ({
  id: conclusion.id,
  content: conclusion.content,
  observer_id: conclusion.observer_id,
  observed_id: conclusion.observed_id,
  session_id: conclusion.session_id,
  times_derived: conclusion.times_derived,
  created_at: conclusion.created_at,
});
