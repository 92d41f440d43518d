import { readFile, stat } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import { type DocumentFile, splitDocument } from '../src/import/split-document.js';
import { ImportFileInput } from '../src/schemas/import-file.js';
import { LIMITS } from '../src/schemas/limits.js';
import { AddMessagesOutput } from '../src/schemas/message.js';
import { MemoryError } from '../src/service/errors.js';
import { defineTool } from './tool.js';

export const importFileTool = defineTool({
  name: 'import_file',
  title: 'Import a file into a session',
  description:
    'Save a text, markdown, JSON or PDF file that is on the machine this server runs on as messages of ' +
    'a session. It is split at headings and paragraphs into messages of at most ' +
    `${LIMITS.messageChars} characters (${LIMITS.messagesPerCall} at most), written in order by one ` +
    'add_messages call; a JSON array of {content, peer, created_at} entries becomes one message each. ' +
    'Use it when the user points at notes, a transcript or a report to remember; for text you hold, use import_text.',
  inputSchema: ImportFileInput,
  outputSchema: AddMessagesOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async handler(input, { memory, remoteClient }) {
    if (remoteClient) {
      throw new MemoryError(
        'invalid_input',
        'path: this server is reached over the network, so it reads no file of its machine for a client',
        {
          field: 'path',
          hint: 'Give the document to import_text, or connect over stdio or to a server bound to 127.0.0.1.',
        },
      );
    }
    const file = await readDocument(input.path);
    const { messages } = await splitDocument(file, {
      peer: input.peer,
      metadata: { file_name: file.name, ...input.metadata },
      created_at: input.created_at,
      field: 'path',
    });
    return memory.addMessages({ session: input.session, messages });
  },
});

/**
 * The file at `path`, whose type its extension tells: splitDocument reads only .txt, .md,
 * .markdown, .json and .pdf files, so no other file of the machine can be imported this way.
 * Its size is checked before it is read.
 */
async function readDocument(path: string): Promise<DocumentFile> {
  const refuse = (reason: string, hint: string) =>
    new MemoryError('invalid_input', `path: ${reason}`, { field: 'path', hint });
  if (!isAbsolute(path))
    throw refuse('must be absolute', 'Give the full path of the file, from the root (/ or a drive).');
  const found = await stat(path).catch(() => undefined);
  if (!found?.isFile())
    throw refuse(
      'is not a file this server can see',
      'Check the path on the machine the server runs on, or give the document to import_text.',
    );
  if (found.size > LIMITS.requestBodyBytes)
    throw refuse(
      `is ${found.size} bytes, more than the ${LIMITS.requestBodyBytes} a document may have`,
      'Split the file and import the parts one by one.',
    );
  const bytes = await readFile(path).catch(() => {
    throw refuse(
      'cannot be read by this server',
      'Check the file’s permissions, or give the document to import_text.',
    );
  });
  return { name: basename(path), type: '', bytes: new Uint8Array(bytes) };
}
