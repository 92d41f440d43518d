import type { ChatInput, ChatOutput } from '../schemas/chat.js';
import type { MemoryService } from '../service/memory-service.js';
import { loadTokenCounter } from './count-tokens.js';
import type { Database } from './database/database.js';
import { createTableUpkeep } from './database/table-upkeep.js';
import { startLearningThread } from './deriver/learning-thread.js';
import { type Deriver, type DeriverOptions, startDeriver } from './deriver/run-deriver.js';
import { createEmbeddedMemoryService } from './embedded-memory-service.js';
import type { Learning } from './learning/learning.js';
import type { LearningSettings } from './learning/learning-settings.js';
import { answerChat, type ChatReach } from './operations/chat.js';
import { createVectorSearch } from './search/vector-search.js';

export type EngineOptions = {
  learning: Learning;
  /**
   * The settings `learning` was made from. With them the deriver learns on a worker thread made
   * from the same settings, so requests are not held up by it; without them (a learning made in
   * code, as tests do), on this thread.
   */
  learningSettings?: LearningSettings | undefined;
  /** The token budget of get_context when the caller gives none. */
  contextTokens: number;
  /** Learn in this process (false: only queue, for a separate `peermem worker`). */
  deriver: DeriverOptions | false;
  /** Told of each write of messages, for the usage recorded (serve). */
  onMessagesWritten?: ((workspace: string, messages: number, tokens: number) => void) | undefined;
};

export type Engine = {
  /** The memory of one workspace; `keyHolder` holds the idempotency keys of its writes. */
  memory(workspace: string, keyHolder?: string): MemoryService;
  /**
   * Answers a chat without creating its peer, target or session: for the gateway, which creates
   * them itself so that it can take them back when the chat is not paid for, and for a platform
   * key scoped to a peer, which may create none but its own (`reach` keeps it to its sessions).
   */
  answerChat(workspace: string, input: ChatInput, reach?: ChatReach): Promise<ChatOutput>;
  /** The deriver of this process, when it runs one. */
  deriver: Deriver | undefined;
  /** Stops learning; the database stays open (it belongs to the caller). */
  stop(): Promise<void>;
};

/** The embedded engine of one process: one database, one deriver, any number of workspaces. */
export function createEngine(db: Database, options: EngineOptions): Engine {
  // Not waited for: writes and get_context count tokens, and should find the tables loaded.
  loadTokenCounter().catch(() => {});
  const vectors = createVectorSearch(db);
  const upkeep = createTableUpkeep(db);
  const deriverOptions = options.deriver;
  const deriver =
    deriverOptions === false
      ? undefined
      : startDeriver(db, options.learning, {
          ...deriverOptions,
          indexVectors: (workspace) => vectors.catchUp(workspace, options.learning.embedder.model),
          thread:
            options.learningSettings &&
            startLearningThread(db, options.learningSettings, options.learning.embedder),
          upkeep,
        });
  const learningThread =
    deriver === undefined ? 'none' : options.learningSettings === undefined ? 'main' : 'worker';
  return {
    memory: (workspace, keyHolder) =>
      createEmbeddedMemoryService(db, {
        workspace,
        keyHolder,
        contextTokens: options.contextTokens,
        learning: options.learning,
        vectors,
        learningThread,
        onMessagesAdded: (messages) => {
          deriver?.nudge();
          options.onMessagesWritten?.(
            workspace,
            messages.length,
            messages.reduce((sum, message) => sum + message.token_count, 0),
          );
          // Not waited for: with learning off too, the tables are kept up as they are written.
          void upkeep.note(1);
        },
      }),
    answerChat: (workspace, input, reach) =>
      answerChat(db, workspace, input, { learning: options.learning, vectors }, reach),
    deriver,
    stop: async () => deriver?.stop(),
  };
}

/** Deriver settings fit for a server: prompt, patient with providers, crash-safe. */
export const DEFAULT_DERIVER: DeriverOptions = {
  batchSize: 4,
  pollMs: 1000,
  // Renewed while the deriver lives (see startDeriver): a dead process holds its tasks, and the
  // later tasks of their sessions, for at most this long.
  leaseSeconds: 30,
  maxAttempts: 5,
};
