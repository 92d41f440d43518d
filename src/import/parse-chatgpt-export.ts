import { z } from 'zod';
import {
  type ChatExportOptions,
  type ChatHistory,
  checkedEntry,
  conversationSessions,
  invalidEntry,
  type SpokenMessage,
} from './chat-history.js';

/** The parts of ChatGPT's `conversations.json` an import reads; everything else is ignored. */
const ChatGptMessage = z.object({
  author: z.object({ role: z.string() }),
  content: z.object({ content_type: z.string(), parts: z.array(z.unknown()).optional() }),
  create_time: z.number().nullish(),
  recipient: z.string().nullish(),
  metadata: z.object({ is_visually_hidden_from_conversation: z.boolean().nullish() }).nullish(),
});
const ChatGptConversation = z.object({
  id: z.string().optional(),
  conversation_id: z.string().optional(),
  create_time: z.number().nullish(),
  current_node: z.string().nullish(),
  mapping: z.record(z.string(), z.object({ message: z.unknown().nullish(), parent: z.string().nullish() })),
});

/** Roles whose text is part of the conversation; system and tool messages are not. */
const SPOKEN = new Set(['user', 'assistant']);

/**
 * A ChatGPT data export (`conversations.json`: an array of conversations, or one conversation):
 * one session per conversation, named `<prefix>-<conversation id>`. Each conversation is a tree of
 * edits and regenerations; the branch that ends at `current_node` is the one the user saw last,
 * and the only one imported. Text parts are kept; images, tool calls and hidden messages are not.
 */
export function parseChatGptExport(json: unknown, options: ChatExportOptions): ChatHistory {
  return conversationSessions(
    json,
    {
      schema: ChatGptConversation,
      kind: 'a ChatGPT conversation',
      id: (conversation, where) => {
        const id = conversation.conversation_id ?? conversation.id;
        if (id === undefined) throw invalidEntry(where, 'has no conversation_id or id');
        return id;
      },
      messages: currentMessages,
    },
    options,
  );
}

/** The spoken text of the branch the user saw last, message by message. */
function* currentMessages(conversation: z.output<typeof ChatGptConversation>, where: string) {
  for (const nodeId of currentBranch(conversation.mapping, conversation.current_node, where)) {
    const source = `${where}, message ${nodeId}`;
    const raw = conversation.mapping[nodeId]?.message;
    if (raw === null || raw === undefined) continue;
    const { author, content, create_time, recipient, metadata } = checkedEntry(
      ChatGptMessage,
      raw,
      source,
      'a ChatGPT message',
    );
    if (!SPOKEN.has(author.role) || metadata?.is_visually_hidden_from_conversation) continue;
    if (recipient && recipient !== 'all') continue;
    if (content.content_type !== 'text' && content.content_type !== 'multimodal_text') continue;
    const text = (content.parts ?? [])
      .filter((part) => typeof part === 'string')
      .join('\n\n')
      .trim();
    if (text === '') continue;
    const createdAt = create_time ?? conversation.create_time;
    yield {
      source,
      speaker: author.role === 'user' ? 'user' : 'assistant',
      content: text,
      created_at: createdAt == null ? undefined : new Date(createdAt * 1000).toISOString(),
    } satisfies SpokenMessage;
  }
}

/** Node ids from the root to `leaf` (the last node of the mapping when no leaf is named). */
function currentBranch(
  mapping: Record<string, { parent?: string | null | undefined }>,
  leaf: string | null | undefined,
  where: string,
): string[] {
  const start = leaf ?? Object.keys(mapping).at(-1);
  const branch: string[] = [];
  const seen = new Set<string>();
  for (let id = start; id != null; id = mapping[id]?.parent ?? undefined) {
    if (!(id in mapping))
      throw invalidEntry(where, `the message tree names node "${id}", which it does not hold`);
    if (seen.has(id)) throw invalidEntry(where, `the message tree loops at node "${id}"`);
    seen.add(id);
    branch.push(id);
  }
  return branch.reverse();
}
