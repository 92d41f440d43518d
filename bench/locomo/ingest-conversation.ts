import type { MemoryService } from '../../src/service/memory-service.js';
import type { Conversation } from './load-locomo.js';

/** A conversation stored in its own workspace, and which stored message is which LoCoMo turn. */
export type IngestedConversation = {
  conversation: Conversation;
  memory: MemoryService;
  workspace: string;
  diaIdByMessageId: ReadonlyMap<string, string>;
  messageIdByDiaId: ReadonlyMap<string, string>;
};

// A session's date has minute precision; its turns follow one another a second apart.
const TURN_SPACING_MS = 1000;

/**
 * Stores a conversation through the service as a user would import it: one add_messages call
 * per LoCoMo session, each speaker a peer named after them, each turn dated from its session.
 */
export async function ingestConversation(
  memory: MemoryService,
  workspace: string,
  conversation: Conversation,
): Promise<IngestedConversation> {
  const diaIdByMessageId = new Map<string, string>();
  const messageIdByDiaId = new Map<string, string>();
  for (const session of conversation.sessions) {
    if (session.turns.length === 0) continue;
    const { messages } = await memory.addMessages({
      session: session.id,
      messages: session.turns.map((turn, i) => ({
        peer: turn.speaker,
        content: turn.text,
        created_at: new Date(session.startsAt.getTime() + i * TURN_SPACING_MS).toISOString(),
      })),
    });
    messages.forEach((message, i) => {
      const diaId = session.turns[i]?.diaId;
      if (diaId === undefined) return;
      diaIdByMessageId.set(message.id, diaId);
      messageIdByDiaId.set(diaId, message.id);
    });
  }
  return { conversation, memory, workspace, diaIdByMessageId, messageIdByDiaId };
}
