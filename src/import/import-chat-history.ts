import { LIMITS } from '../schemas/limits.js';
import type { Message } from '../schemas/message.js';
import { MemoryError } from '../service/errors.js';
import type { MemoryService } from '../service/memory-service.js';
import type { ImportedMessage, ImportedSession } from './chat-history.js';

/** Messages per page when reading what a session holds: the most a page may hold. */
const PAGE_SIZE = 100;

/**
 * Characters of a content compared with what the session holds. A page of `PAGE_SIZE` messages
 * keeps at least this much of every content whole (`capMessageContents` cuts the longest contents
 * to equal shares of `LIMITS.answerChars`), so long messages can be read a page at a time.
 */
const COMPARED_CHARS = Math.floor(LIMITS.answerChars / PAGE_SIZE) - 1;

export type ImportProgress = { written: number; total: number; session: string };

export type ImportSummary = {
  /** Messages written now, and the ones skipped because their session already held them. */
  written: number;
  skipped: number;
  /** Sessions and distinct peers of the file. */
  sessions: number;
  peers: number;
  /** Whether the import stopped at `signal` before writing everything. */
  interrupted: boolean;
};

/**
 * Writes the sessions through `memory`, at most `LIMITS.messagesPerCall` messages a call, and
 * skips every message its session already holds: the same author and text and, when the file
 * gives one, the same time, counted as often as the session holds it. Each call is stored whole
 * or not at all, so a run that was interrupted left a prefix of each session, and running the
 * same import again writes the rest and nothing twice. Stops between two calls once `signal` aborts.
 */
export async function importChatHistory(
  memory: MemoryService,
  sessions: readonly ImportedSession[],
  options: { onProgress?: (progress: ImportProgress) => void; signal?: AbortSignal } = {},
): Promise<ImportSummary> {
  const pending: { id: string; messages: ImportedMessage[] }[] = [];
  let skipped = 0;
  for (const session of mergeSessions(sessions)) {
    const missing = await missingMessages(memory, session);
    skipped += session.messages.length - missing.length;
    if (missing.length > 0) pending.push({ id: session.id, messages: missing });
  }
  const total = pending.reduce((sum, session) => sum + session.messages.length, 0);
  const summary: ImportSummary = {
    written: 0,
    skipped,
    sessions: new Set(sessions.map((session) => session.id)).size,
    peers: new Set(sessions.flatMap((session) => session.messages.map((message) => message.peer))).size,
    interrupted: false,
  };
  for (const session of pending) {
    for (let start = 0; start < session.messages.length; start += LIMITS.messagesPerCall) {
      // PGlite answers without a turn of the event loop, where signals (Ctrl+C) are delivered.
      await new Promise((resolve) => setImmediate(resolve));
      if (options.signal?.aborted) return { ...summary, interrupted: true };
      const batch = session.messages.slice(start, start + LIMITS.messagesPerCall);
      await memory.addMessages({
        session: session.id,
        messages: batch.map(({ source: _, ...message }) => message),
      });
      summary.written += batch.length;
      options.onProgress?.({ written: summary.written, total, session: session.id });
    }
  }
  return summary;
}

/** One entry per session id, its messages in order: a session named twice is compared with what it holds once. */
function mergeSessions(sessions: readonly ImportedSession[]): ImportedSession[] {
  const merged = new Map<string, ImportedSession>();
  for (const session of sessions) {
    const entry = merged.get(session.id);
    if (entry === undefined) merged.set(session.id, { id: session.id, messages: [...session.messages] });
    else entry.messages.push(...session.messages);
  }
  return [...merged.values()];
}

/** The messages of `session` that it does not hold yet, in order. */
async function missingMessages(memory: MemoryService, session: ImportedSession): Promise<ImportedMessage[]> {
  const timed = session.messages.every((message) => message.created_at !== undefined);
  const key = (message: { peer: string; content: string; createdAt: string | undefined }) =>
    JSON.stringify([
      message.peer,
      timed ? message.createdAt : null,
      message.content.slice(0, COMPARED_CHARS),
    ]);
  const held = new Map<string, number>();
  for (const stored of await storedMessages(memory, session.id)) {
    const k = key({ peer: stored.peer_id, content: stored.content, createdAt: stored.created_at });
    held.set(k, (held.get(k) ?? 0) + 1);
  }
  return session.messages.filter((message) => {
    const k = key({ peer: message.peer, content: message.content, createdAt: message.created_at });
    const count = held.get(k) ?? 0;
    if (count === 0) return true;
    held.set(k, count - 1);
    return false;
  });
}

/** Every message the session holds, oldest first; none when it does not exist yet. */
async function storedMessages(memory: MemoryService, session: string): Promise<Message[]> {
  const messages: Message[] = [];
  for (let page = 1; ; page++) {
    let answer: Awaited<ReturnType<MemoryService['listMessages']>>;
    try {
      answer = await memory.listMessages({ session, page, size: PAGE_SIZE, reverse: false });
    } catch (error) {
      if (error instanceof MemoryError && error.code === 'not_found') return messages;
      throw error;
    }
    messages.push(...answer.items);
    if (answer.items.length < PAGE_SIZE || messages.length >= answer.total) return messages;
  }
}
