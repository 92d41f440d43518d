import { z } from 'zod';
import {
  type ChatExportOptions,
  type ChatHistory,
  checkedEntry,
  conversationSessions,
  type SpokenMessage,
} from './chat-history.js';

/** The parts of claude.ai's `conversations.json` an import reads; everything else is ignored. */
const ClaudeMessage = z.object({
  uuid: z.string().optional(),
  sender: z.string(),
  text: z.string().nullish(),
  content: z.array(z.object({ type: z.string(), text: z.string().nullish() })).nullish(),
  created_at: z.string().nullish(),
});
const ClaudeConversation = z.object({
  uuid: z.string(),
  chat_messages: z.array(z.unknown()),
});

/**
 * A claude.ai data export (`conversations.json`: an array of conversations, or one): one session
 * per conversation, named `<prefix>-<uuid>`. The text blocks of each message are kept (or its
 * `text` when it has no blocks); thinking, tool use and attachments are not.
 */
export function parseClaudeExport(json: unknown, options: ChatExportOptions): ChatHistory {
  return conversationSessions(
    json,
    {
      schema: ClaudeConversation,
      kind: 'a claude.ai conversation',
      id: (conversation) => conversation.uuid,
      messages,
    },
    options,
  );
}

/** The text of each message of the human and the assistant, in order. */
function* messages(conversation: z.output<typeof ClaudeConversation>, where: string) {
  for (const [position, raw] of conversation.chat_messages.entries()) {
    const source = `${where}, message ${position + 1}`;
    const { sender, text, content, created_at } = checkedEntry(
      ClaudeMessage,
      raw,
      source,
      'a claude.ai message',
    );
    if (sender !== 'human' && sender !== 'assistant') continue;
    const blocks = (content ?? []).filter((block) => block.type === 'text' && block.text);
    const body = (blocks.length > 0 ? blocks.map((block) => block.text).join('\n\n') : (text ?? '')).trim();
    if (body === '') continue;
    yield {
      source,
      speaker: sender === 'human' ? 'user' : 'assistant',
      content: body,
      created_at: created_at ?? undefined,
    } satisfies SpokenMessage;
  }
}
