import { z } from 'zod';
import { Id } from '../schemas/common.js';
import { LIMITS } from '../schemas/limits.js';
import { NewMessage } from '../schemas/message.js';
import { MemoryError } from '../service/errors.js';

/** The formats an import reads; `auto` tells them apart by the file name and the first characters. */
export const ImportFormat = z.enum(['auto', 'jsonl', 'chatgpt', 'claude', 'text'], {
  error: 'must be auto, jsonl, chatgpt, claude or text',
});
export type ImportFormat = z.infer<typeof ImportFormat>;

/** A message ready for `add_messages`, with where it came from in the file (`line 12`, …). */
export type ImportedMessage = z.infer<typeof NewMessage> & { source: string };

/** One session's messages, in the order they were written. */
export type ImportedSession = { id: string; messages: ImportedMessage[] };

/** What a file holds: its sessions, and notes on what was changed on the way (a long message split). */
export type ChatHistory = { sessions: ImportedSession[]; notices: string[] };

/**
 * A file that cannot be imported: the message names the line or entry and what is wrong with it,
 * so that whoever shows it (the CLI with the file name, an upload with a 400) needs to add nothing.
 */
export const invalidEntry = (source: string, reason: string) =>
  new MemoryError('invalid_input', `${source}: ${reason}`, { field: source });

/** The first problem zod found in an entry, as `field: reason`. */
function describeIssue(error: z.ZodError, what: string): string {
  const issue = error.issues[0];
  if (!issue?.path.length) return `is not ${what}`;
  return `${issue.path.join('.')}: ${issue.message}`;
}

/** `value` checked against `schema`, or a refusal naming `source` and what is wrong with it as `what`. */
export function checkedEntry<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  source: string,
  what: string,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidEntry(source, describeIssue(parsed.error, what));
  return parsed.data;
}

/** How a chat service's export becomes sessions: their ids' prefix, and the peers of its two speakers. */
export type ChatExportOptions = { prefix: string; userPeer: string; assistantPeer: string };

/** The session of `id`, checked as `add_messages` would check it. */
export function sessionId(source: string, id: string): string {
  const checked = Id.safeParse(id);
  if (!checked.success) throw invalidEntry(source, `session "${id}" ${checked.error.issues[0]?.message}`);
  return id;
}

/**
 * One message of the file as one or more messages `add_messages` accepts: `created_at` in UTC
 * with milliseconds (as it reads back), and content past `LIMITS.messageChars` split into parts
 * (noted in `notices`), each part checked against `NewMessage` so a bad entry is named here.
 */
export function importedMessages(
  source: string,
  message: {
    peer: string;
    content: string;
    created_at?: string | undefined;
    metadata?: Record<string, unknown> | undefined;
  },
  notices: string[],
): ImportedMessage[] {
  let createdAt: string | undefined;
  if (message.created_at !== undefined) {
    const given = NewMessage.shape.created_at.safeParse(message.created_at);
    if (!given.success)
      throw invalidEntry(
        source,
        `created_at "${message.created_at}" is not a time: give ISO 8601 with a time zone, e.g. 2024-05-01T09:30:00Z`,
      );
    createdAt = new Date(message.created_at).toISOString();
  }
  const parts = splitContent(message.content, LIMITS.messageChars);
  if (parts.length > 1)
    notices.push(
      `${source}: ${message.content.length} characters, more than ${LIMITS.messageChars} in one message: stored as ${parts.length} messages`,
    );
  return parts.map((content) => {
    const checked = NewMessage.safeParse({
      peer: message.peer,
      content,
      ...(createdAt === undefined ? {} : { created_at: createdAt }),
      ...(message.metadata === undefined ? {} : { metadata: message.metadata }),
    });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw invalidEntry(source, `${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'is invalid'}`);
    }
    return { ...checked.data, source };
  });
}

/**
 * `text` in parts of at most `max` characters, each cut at the last paragraph break, else line
 * break, else space in its second half, else at `max` (never inside a surrogate pair).
 */
export function splitContent(text: string, max: number): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const breaks = ['\n\n', '\n', ' '].map((separator) => {
      const at = window.lastIndexOf(separator);
      return at > max / 2 ? at + separator.length : -1;
    });
    let cut = breaks.find((at) => at !== -1) ?? max;
    if (cut === max && /[\uD800-\uDBFF]/.test(window.charAt(max - 1))) cut = max - 1;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts;
}

/** A message of a chat service's export as its reader finds it: where, who spoke, what, and when. */
export type SpokenMessage = {
  source: string;
  speaker: 'user' | 'assistant';
  content: string;
  created_at: string | undefined;
};

/**
 * The sessions of a chat service's export (`conversations.json`: an array of conversations, or
 * one): each entry checked against `schema` (a refusal names the conversation and what is wrong
 * as `kind`), then made the session `<prefix>-<its id>` of the messages `messages` reads from it,
 * each by the user's or the assistant's peer; notices of each message are the history's.
 */
export function conversationSessions<Schema extends z.ZodType>(
  json: unknown,
  format: {
    schema: Schema;
    kind: string;
    id(conversation: z.output<Schema>, where: string): string;
    messages(conversation: z.output<Schema>, where: string): Iterable<SpokenMessage>;
  },
  options: ChatExportOptions,
): ChatHistory {
  const list = Array.isArray(json) ? json : [json];
  const notices: string[] = [];
  const sessions = list.map((entry, index) => {
    const where = `conversation ${index + 1}`;
    const conversation = checkedEntry(format.schema, entry, where, format.kind);
    const session: ImportedSession = {
      id: sessionId(where, `${options.prefix}-${format.id(conversation, where)}`),
      messages: [],
    };
    // Read one at a time, so that the first message wrong in any way is the one named.
    for (const { source, speaker, ...message } of format.messages(conversation, where))
      session.messages.push(
        ...importedMessages(
          source,
          { ...message, peer: speaker === 'user' ? options.userPeer : options.assistantPeer },
          notices,
        ),
      );
    return session;
  });
  return { sessions, notices };
}
