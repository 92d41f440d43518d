import { generateMessageText } from './generate-text.js';
import type { Random } from './random.js';

/** One add_messages call's worth of messages, all in one session. */
export type MessageBatch = {
  session: string;
  messages: { peer: string; content: string; created_at: string }[];
};

export type ConversationPlan = {
  /** The next `count` messages of the workspace, cut into batches of at most `batchSize`. */
  batches(count: number, batchSize: number): Generator<MessageBatch>;
  /** The session with the most messages so far: where list_messages and get_context are measured. */
  largestSession(): { id: string; messages: number };
};

const MIN_SESSION_MESSAGES = 200;
const MAX_SESSION_MESSAGES = 1000;
/** Where the imported history starts; one message every 20 s to 2 min inside a session. */
const HISTORY_START = Date.parse('2025-01-06T09:00:00Z');

/**
 * A workspace's history as a stream of conversations: sessions of 200 to 1000 messages, one
 * after another, between a user and the assistant, with a third peer joining one session in
 * three. Messages carry explicit timestamps, as an import would, so the history spans months.
 */
export function createConversationPlan(random: Random): ConversationPlan {
  let sessionNumber = 0;
  let session = { id: '', planned: 0, written: 0, peers: [] as string[] };
  let largest = { id: '', messages: 0 };
  let clock = HISTORY_START;

  const startSession = () => {
    sessionNumber += 1;
    const peers = random.next() < 1 / 3 ? ['user', 'assistant', 'reviewer'] : ['user', 'assistant'];
    session = {
      id: `session-${String(sessionNumber).padStart(4, '0')}`,
      planned: random.int(MIN_SESSION_MESSAGES, MAX_SESSION_MESSAGES),
      written: 0,
      peers,
    };
    // Conversations are hours or days apart.
    clock += random.int(1, 72) * 3_600_000;
  };

  // Mostly alternating turns; a third peer, when present, speaks now and then.
  const nextPeer = () => {
    if (session.peers.length === 3 && random.next() < 0.15) return 'reviewer';
    return session.written % 2 === 0 ? 'user' : 'assistant';
  };

  function* batches(count: number, batchSize: number): Generator<MessageBatch> {
    let remaining = count;
    while (remaining > 0) {
      if (session.written >= session.planned) startSession();
      const size = Math.min(batchSize, remaining, session.planned - session.written);
      const messages = Array.from({ length: size }, () => {
        clock += random.int(20, 120) * 1000;
        const message = {
          peer: nextPeer(),
          content: generateMessageText(random),
          created_at: new Date(clock).toISOString(),
        };
        session.written += 1;
        return message;
      });
      remaining -= size;
      if (session.written > largest.messages) largest = { id: session.id, messages: session.written };
      yield { session: session.id, messages };
    }
  }

  return { batches, largestSession: () => largest };
}
