import { z } from 'zod';
import {
  type ChatHistory,
  type ImportedSession,
  importedMessages,
  invalidEntry,
  sessionId,
} from './chat-history.js';

const JsonlLine = z.strictObject({
  peer: z.string({ error: 'is required, a string: who wrote the message' }),
  content: z.string({ error: 'is required, a string: the message text' }),
  created_at: z.string({ error: 'must be a string, ISO 8601 with a time zone' }).optional(),
  session: z.string({ error: 'must be a string' }).optional(),
  metadata: z.record(z.string(), z.unknown(), { error: 'must be an object' }).optional(),
});

/**
 * JSON Lines, one message a line: `{"peer", "content", "created_at"?, "session"?, "metadata"?}`.
 * A line without `session` goes to `defaultSession`. Blank lines are skipped.
 */
export function parseJsonl(content: string, defaultSession: string): ChatHistory {
  const sessions = new Map<string, ImportedSession>();
  const notices: string[] = [];
  content.split('\n').forEach((text, index) => {
    const source = `line ${index + 1}`;
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw invalidEntry(source, `not JSON (${(error as Error).message})`);
    }
    const line = JsonlLine.safeParse(value);
    if (!line.success) {
      const issue = line.error.issues[0];
      const reason =
        issue?.code === 'unrecognized_keys'
          ? `unknown field ${issue.keys.map((key) => `"${key}"`).join(', ')}: a line holds peer, content, created_at, session and metadata`
          : issue?.path.length
            ? `${issue.path.join('.')}: ${issue.message}`
            : 'must be a JSON object {"peer": …, "content": …}';
      throw invalidEntry(source, reason);
    }
    const id = sessionId(source, line.data.session ?? defaultSession);
    const session = sessions.get(id) ?? { id, messages: [] };
    sessions.set(id, session);
    session.messages.push(...importedMessages(source, line.data, notices));
  });
  return { sessions: [...sessions.values()], notices };
}
