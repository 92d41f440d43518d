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
  peer: Id.describe('Who wrote or shared the document (a JSON entry’s own peer wins).'),
  metadata: Metadata.optional().describe('Metadata kept on every message, beside file_name.'),
  created_at: GivenTimestamp.optional().describe(
    'When the document was written (ISO 8601 with a time zone). Default: now.',
  ),
};

export const ImportFileInput = z.strictObject({
  ...ImportTarget,
  path: z
    .string()
    .min(1, 'must not be empty')
    .max(PATH_CHARS, `must be at most ${PATH_CHARS} characters`)
    .describe(
      'Absolute path of a .txt, .md, .markdown, .json or .pdf file on the server’s machine; the extension says how it is read.',
    ),
});
export type ImportFileInput = z.infer<typeof ImportFileInput>;

export const ImportTextInput = z.strictObject({
  ...ImportTarget,
  text: storedText(INLINE_CHARS).min(1, 'must not be empty').describe('The document itself.'),
  format: z
    .enum(['text', 'markdown', 'json'])
    .default('text')
    .describe(
      'text: split at paragraphs; markdown: at headings, then paragraphs; json: a list of {content, peer, created_at, metadata} is one message each.',
    ),
  name: storedText(LIMITS.idChars)
    .default('document')
    .describe('The document’s name, kept in metadata as file_name.'),
});
export type ImportTextInput = z.infer<typeof ImportTextInput>;
