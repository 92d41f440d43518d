import { z } from 'zod';
import { GivenTimestamp, Id, Metadata, storedText } from './common.js';
import { LIMITS } from './limits.js';

/** Characters of a document given inline: what one stdio frame or HTTP body carries with room to spare. */
const INLINE_CHARS = 1_000_000;

/** Characters of a path on the server's machine (Linux allows 4096 bytes). */
const PATH_CHARS = 4096;

/** The document types inline text may be split as; a file's type comes from its extension. */
const DocumentFormat = z
  .enum(['text', 'markdown', 'json'])
  .describe(
    'How inline text is read. text: split at paragraphs; markdown: at headings and paragraphs; json: an array of {content, peer, created_at, metadata} entries is one message each, any other JSON is split as text. Default text.',
  );

export const ImportFileInput = z.strictObject({
  session: Id.describe('The session to append the document to; created on first reference.'),
  peer: Id.describe(
    'The peer the messages are written as (who wrote or shared the document); a JSON entry’s own peer wins.',
  ),
  path: z
    .string()
    .min(1, 'must not be empty')
    .max(PATH_CHARS, `must be at most ${PATH_CHARS} characters`)
    .optional()
    .describe(
      `An absolute path, on the machine this server runs on, of a .txt, .md, .markdown, .json or .pdf file of at most ${LIMITS.requestBodyBytes} bytes; its extension says how it is read. Give path or text, not both.`,
    ),
  text: storedText(INLINE_CHARS)
    .min(1, 'must not be empty')
    .optional()
    .describe(`The document itself, at most ${INLINE_CHARS} characters. Give path or text, not both.`),
  format: DocumentFormat.optional(),
  name: storedText(LIMITS.idChars)
    .optional()
    .describe(
      'The document’s name, kept in each message’s metadata as file_name. Default: the file name of path, else "document".',
    ),
  metadata: Metadata.optional().describe(
    `Metadata kept with every message made from the document, beside file_name: at most ${LIMITS.metadataChars} characters as JSON.`,
  ),
  created_at: GivenTimestamp.optional().describe(
    'When the document was written, ISO 8601 with a time zone, kept as every message’s time (a JSON entry’s own wins). Default: now.',
  ),
});

export type ImportFileInput = z.infer<typeof ImportFileInput>;
