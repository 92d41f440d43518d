import type { SpokenMessage } from '../reasoner.js';

/**
 * For each message, the peer it was said to: the last other peer to speak before it among the
 * given messages, else the first to speak after it. An agent's "I've switched you to the Team
 * plan" answers the customer who asked for it, though a second agent took part earlier.
 */
export function heardBy(messages: readonly SpokenMessage[]): Map<string, string> {
  const inOrder = [...messages].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  const listeners = new Map<string, string>();
  for (const [at, message] of inOrder.entries()) {
    const speaker = message.peer_id.toLowerCase();
    const other = (next: SpokenMessage) => next.peer_id.toLowerCase() !== speaker;
    const listener = inOrder.slice(0, at).findLast(other) ?? inOrder.slice(at + 1).find(other);
    if (listener !== undefined) listeners.set(message.id, listener.peer_id.toLowerCase());
  }
  return listeners;
}
