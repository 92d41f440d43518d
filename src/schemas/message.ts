import { z } from 'zod';
import {
  GivenTimestamp,
  Id,
  Metadata,
  NewMetadata,
  PaginationInput,
  paginated,
  storedText,
  Timestamp,
} from './common.js';
import { LIMITS } from './limits.js';

/** A stored message, as every gateway operation returns it (no other fields). */
export const Message = z.object({
  id: z.string().describe('Identifier assigned by the service.'),
  content: z.string().describe('The message text.'),
  peer_id: z.string().describe('The peer who wrote it.'),
  session_id: z.string().describe('The session it belongs to.'),
  created_at: Timestamp,
  token_count: z.number().int().describe('Tokens in the content (o200k_base tokenizer).'),
});
export type Message = z.infer<typeof Message>;

export const NewMessage = z.strictObject({
  peer: Id.describe('The peer who wrote the message; created on first reference.'),
  content: storedText(LIMITS.messageChars).min(1, 'must not be empty').describe('The message text.'),
  metadata: Metadata.optional().describe('Key-value metadata kept with the message.'),
  created_at: GivenTimestamp.optional().describe(
    'When it was written (ISO 8601 with a time zone), only for past conversations. Default: now.',
  ),
});

/** The messages of one write: 1 to `LIMITS.messagesPerCall`, in order. */
export const NewMessages = <Item extends z.ZodType>(item: Item) =>
  z
    .array(item)
    .min(1, 'must hold at least 1 message')
    .max(LIMITS.messagesPerCall, `must hold at most ${LIMITS.messagesPerCall} messages; split the write`)
    .describe(`The messages, in order: 1 to ${LIMITS.messagesPerCall}.`);

/** A key a client gives a write so that sending it again stores nothing twice (header or field). */
export const IdempotencyKeyText = z
  .string()
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters')
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

export const AddMessagesInput = z.strictObject({
  session: Id.describe('The session (conversation) to append to; created on first reference.'),
  messages: NewMessages(NewMessage),
  idempotency_key: IdempotencyKeyText.optional().describe(
    'Optional: a key unique to this write (a UUID, say). Sent again with the same request within 24 hours, it answers the messages stored the first time instead of storing them twice; with a different request it is refused.',
  ),
});
export type AddMessagesInput = z.infer<typeof AddMessagesInput>;

export const AddMessagesOutput = z.object({
  messages: z.array(Message).describe('The stored messages, in order.'),
});
export type AddMessagesOutput = z.infer<typeof AddMessagesOutput>;

export const ListMessagesInput = z.strictObject({
  session: Id.describe('The session whose messages to list.'),
  ...PaginationInput,
});
export type ListMessagesInput = z.infer<typeof ListMessagesInput>;

export const ListMessagesOutput = paginated(Message);
export type ListMessagesOutput = z.infer<typeof ListMessagesOutput>;

/** A stored message with the metadata it was written with. */
export const MessageWithMetadata = Message.extend({
  metadata: Metadata.describe('The key-value metadata kept with the message.'),
});
export type MessageWithMetadata = z.infer<typeof MessageWithMetadata>;

export const MessageInput = z.strictObject({
  session: Id.describe('The session the message belongs to.'),
  message: Id.describe('The message id (from add_messages, list_messages or search).'),
});
export type MessageInput = z.infer<typeof MessageInput>;

export const UpdateMessageMetadataInput = z.strictObject({
  session: Id.describe('The session the message belongs to.'),
  message: Id.describe('The message id.'),
  metadata: NewMetadata,
});
export type UpdateMessageMetadataInput = z.infer<typeof UpdateMessageMetadataInput>;
