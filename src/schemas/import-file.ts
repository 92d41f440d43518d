import { z } from 'zod';
import { GivenTimestamp, Id, Metadata, storedText } from './common.js';
import { LIMITS } from './limits.js';

/** Characters of a document given inline: what one stdio frame or HTTP body carries with room to spare. */
const INLINE_CHARS = 1_000_000;

/** Characters of a path on the server's machine (Linux allows 4096 bytes). */
const PATH_CHARS = 4096;

/** What import_file and import_text share: where the messages go and what they carry. */
const ImportTarget = {
  session: Id.describe('The session to append the document to; created on first reference.'),
  peer: Id.describe(
    'The peer the messages are written as (who wrote or shared the document); a JSON entry’s own peer wins.',
  ),
  metadata: Metadata.optional().describe(
    `Metadata kept with every message made from the document, beside file_name: at most ${LIMITS.metadataChars} characters as JSON.`,
  ),
  created_at: GivenTimestamp.optional().describe(
    'When the document was written, ISO 8601 with a time zone, kept as every message’s time (a JSON entry’s own wins). Default: now.',
  ),
};

export const ImportFileInput = z.strictObject({
  ...ImportTarget,
  path: z
    .string()
    .min(1, 'must not be empty')
    .max(PATH_CHARS, `must be at most ${PATH_CHARS} characters`)
    .describe(
      `An absolute path, on the machine this server runs on, of a .txt, .md, .markdown, .json or .pdf file of at most ${LIMITS.requestBodyBytes} bytes; its extension says how it is read. Its file name is kept in each message’s metadata as file_name.`,
    ),
});
export type ImportFileInput = z.infer<typeof ImportFileInput>;

export const ImportTextInput = z.strictObject({
  ...ImportTarget,
  text: storedText(INLINE_CHARS)
    .min(1, 'must not be empty')
    .describe(`The document itself, at most ${INLINE_CHARS} characters.`),
  format: z
    .enum(['text', 'markdown', 'json'])
    .default('text')
    .describe(
      'How the text is read. text: split at paragraphs; markdown: at headings and paragraphs; json: an array of {content, peer, created_at, metadata} entries is one message each, any other JSON is split as text. Default text.',
    ),
  name: storedText(LIMITS.idChars)
    .default('document')
    .describe('The document’s name, kept in each message’s metadata as file_name. Default "document".'),
});
export type ImportTextInput = z.infer<typeof ImportTextInput>;
