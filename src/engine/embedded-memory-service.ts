import type { DeriverStatusOutput } from '../schemas/deriver-status.js';
import { nothingSpent } from '../schemas/spending.js';
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
import type { MessageVectorCache } from './search/message-vector-cache.js';

export type EmbeddedMemoryServiceOptions = {
  /** The workspace every call reads and writes. */
  workspace: string;
  /** The token budget of `getContext` when the caller gives none. */
  contextTokens: number;
  learning: Learning;
  /** Message vectors in memory, shared by every workspace of the process. */
  vectors: MessageVectorCache;
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
    getDeriverStatus: (input) =>
      getDeriverStatus(db, workspace, input, learning, {
        learningThread: options.learningThread ?? 'none',
        vectorSearch: vectors.path(),
      }),
    getSpending: async () => nothingSpent(new Date()),
  };
}
