import { type Bm25Index, createBm25Index } from './bm25-index.js';
import { RETRIEVAL_DEPTH, type Retriever } from './evaluate-retrieval.js';
import type { IngestedConversation } from './ingest-conversation.js';

/** The service's search in the question's own workspace, results mapped back to turns. */
export const serviceSearch: Retriever = async (conversation, question) => {
  const { messages } = await conversation.memory.search({ query: question.question, limit: RETRIEVAL_DEPTH });
  return messages.flatMap((message) => conversation.diaIdByMessageId.get(message.id) ?? []);
};

/** Plain BM25 over the same turn texts, one index per conversation, built on first use. */
export function bm25Search(): Retriever {
  const indexes = new Map<IngestedConversation, Bm25Index>();
  return async (conversation, question) => {
    let index = indexes.get(conversation);
    if (!index) {
      index = createBm25Index(
        conversation.conversation.sessions.flatMap((session) =>
          session.turns.map((turn) => ({ id: turn.diaId, text: turn.text })),
        ),
      );
      indexes.set(conversation, index);
    }
    return index.search(question.question, RETRIEVAL_DEPTH);
  };
}
