import { readFile, stat } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import { type DocumentFile, splitDocument } from '../src/import/split-document.js';
import { ImportFileInput } from '../src/schemas/import-file.js';
import { LIMITS } from '../src/schemas/limits.js';
import { AddMessagesOutput } from '../src/schemas/message.js';
import { MemoryError } from '../src/service/errors.js';
import { defineTool } from './tool.js';

const MEDIA_TYPES = { text: 'text/plain', markdown: 'text/markdown', json: 'application/json' } as const;

export const importFileTool = defineTool({
  name: 'import_file',
  title: 'Import a document into a session',
  description:
    'Save a document as messages of a session: a text, markdown, JSON or PDF file on the machine this ' +
    'server runs on (path), or the text itself (text). It is split at paragraphs and headings into ' +
    `messages of at most ${LIMITS.messageChars} characters (${LIMITS.messagesPerCall} at most), ` +
    'written in order by one add_messages call; a JSON array of {content, peer, created_at} entries ' +
    'becomes one message each. Use it when the user shares notes, a transcript or a report to remember.',
  inputSchema: ImportFileInput,
  outputSchema: AddMessagesOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async handler(input, { memory }) {
    // Checked here rather than in the schema, whose JSON Schema form could not say it.
    if ((input.path === undefined) === (input.text === undefined))
      throw new MemoryError('invalid_input', 'path, text: give exactly one of them', {
        field: input.path === undefined ? 'text' : 'path',
        hint: 'Give path for a file on the server’s machine, or text for the document itself.',
      });
    if (input.format !== undefined && input.path !== undefined)
      throw new MemoryError('invalid_input', 'format: applies to inline text only', {
        field: 'format',
        hint: 'Leave format out: a file is read as its extension (.txt, .md, .json, .pdf) says.',
      });
    const field = input.path === undefined ? 'text' : 'path';
    const file = input.path === undefined ? inlineFile(input) : await readDocument(input.path);
    const { messages } = await splitDocument(file, {
      peer: input.peer,
      metadata: { file_name: input.name ?? file.name, ...input.metadata },
      created_at: input.created_at,
      field,
    });
    return memory.addMessages({ session: input.session, messages });
  },
});

function inlineFile(input: ImportFileInput): DocumentFile {
  return {
    name: input.name ?? 'document',
    type: MEDIA_TYPES[input.format ?? 'text'],
    bytes: new TextEncoder().encode(input.text ?? ''),
  };
}

/**
 * The file at `path`, whose type its extension tells (the splitter reads only .txt, .md,
 * .markdown, .json and .pdf files, so no other file of the machine can be imported by this tool).
 * Its size is checked before it is read.
 */
async function readDocument(path: string): Promise<DocumentFile> {
  const refuse = (reason: string, hint: string) =>
    new MemoryError('invalid_input', `path: ${reason}`, { field: 'path', hint });
  if (!isAbsolute(path))
    throw refuse('must be absolute', 'Give the full path of the file, starting at the root (/ or a drive).');
  const found = await stat(path).catch(() => undefined);
  if (!found?.isFile())
    throw refuse(
      'is not a file this server can see',
      'Check the path on the machine the server runs on, or give the document as text.',
    );
  if (found.size > LIMITS.requestBodyBytes)
    throw refuse(
      `is ${found.size} bytes, more than the ${LIMITS.requestBodyBytes} a document may have`,
      'Split the file and import the parts one by one.',
    );
  const bytes = await readFile(path).catch(() => {
    throw refuse(
      'cannot be read by this server',
      'Check the file’s permissions, or give the document as text.',
    );
  });
  return { name: basename(path), type: '', bytes: new Uint8Array(bytes) };
}
