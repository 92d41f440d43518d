import { z } from 'zod';
import {
  type ChatHistory,
  conversationSessions,
  describeIssue,
  type ImportedSession,
  importedMessages,
  invalidEntry,
  sessionId,
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
export function parseClaudeExport(
  json: unknown,
  options: { prefix: string; userPeer: string; assistantPeer: string },
): ChatHistory {
  return conversationSessions(
    json,
    ClaudeConversation,
    'a claude.ai conversation',
    (conversation, where, notices) => {
      const session: ImportedSession = {
        id: sessionId(where, `${options.prefix}-${conversation.uuid}`),
        messages: [],
      };
      conversation.chat_messages.forEach((raw, position) => {
        const source = `${where}, message ${position + 1}`;
        const message = ClaudeMessage.safeParse(raw);
        if (!message.success) throw invalidEntry(source, describeIssue(message.error, 'a claude.ai message'));
        const { sender, text, content, created_at } = message.data;
        if (sender !== 'human' && sender !== 'assistant') return;
        const blocks = (content ?? []).filter((block) => block.type === 'text' && block.text);
        const body = (
          blocks.length > 0 ? blocks.map((block) => block.text).join('\n\n') : (text ?? '')
        ).trim();
        if (body === '') return;
        session.messages.push(
          ...importedMessages(
            source,
            {
              peer: sender === 'human' ? options.userPeer : options.assistantPeer,
              content: body,
              created_at: created_at ?? undefined,
            },
            notices,
          ),
        );
      });
      return session;
    },
  );
}
