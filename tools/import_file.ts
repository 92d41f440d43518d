import { constants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import { type DocumentFile, isDocumentName, splitDocument } from '../src/import/split-document.js';
import { ImportFileInput } from '../src/schemas/import-file.js';
import { LIMITS } from '../src/schemas/limits.js';
import { AddMessagesOutput } from '../src/schemas/message.js';
import { MemoryError } from '../src/service/errors.js';
import { defineTool } from './tool.js';

export const importFileTool = defineTool({
  name: 'import_file',
  title: 'Import a file into a session',
  description:
    "Save a .txt, .md, .json or .pdf file on this server's machine as messages of a session, split at headings and paragraphs. For text you hold, use import_text.",
  inputSchema: ImportFileInput,
  outputSchema: AddMessagesOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  needs: 'local-files',
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
 * The file at `path`, whose type its extension tells: splitDocument reads only .txt, .text, .md,
 * .markdown, .json and .pdf files, so no other file of the machine can be imported this way. The
 * rules apply to the file that would be read, not to the name given: the path is resolved through
 * its symbolic links first, so a link named notes.txt that leads to /etc/passwd is refused unread,
 * while a link to a notes file is read as that file. The resolved file is opened without following
 * a link, so one swapped in after the check is not followed either, and its type and size are
 * those of the open file.
 */
async function readDocument(path: string): Promise<DocumentFile> {
  const refuse = (reason: string, hint: string) =>
    new MemoryError('invalid_input', `path: ${reason}`, { field: 'path', hint });
  const notFound = () =>
    refuse(
      'is not a file this server can see',
      'Check the path on the machine the server runs on, or give the document to import_text.',
    );
  if (!isAbsolute(path))
    throw refuse('must be absolute', 'Give the full path of the file, from the root (/ or a drive).');
  const real = await realpath(path).catch(() => undefined);
  if (real === undefined || !(await stat(real).catch(() => undefined))?.isFile()) throw notFound();
  const name = basename(real);
  if (!isDocumentName(name)) {
    const given = basename(path);
    throw refuse(
      name === given
        ? `"${given}" is not a type that can be read`
        : `"${given}" leads through a symbolic link to a file that is not a type that can be read`,
      'Give a .txt, .text, .md, .markdown, .json or .pdf file (a link is judged by the file it leads to).',
    );
  }
  const handle = await open(real, constants.O_RDONLY | NO_FOLLOW | NON_BLOCKING).catch(() => {
    throw refuse(
      'cannot be read by this server',
      'Check the file’s permissions, or give the document to import_text.',
    );
  });
  try {
    const found = await handle.stat();
    if (!found.isFile()) throw notFound();
    if (found.size > LIMITS.requestBodyBytes)
      throw refuse(
        `is ${found.size} bytes, more than the ${LIMITS.requestBodyBytes} a document may have`,
        'Split the file and import the parts one by one.',
      );
    // One byte more than its size is asked for: a file that grew since is refused, not cut.
    const buffer = new Uint8Array(found.size + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length)
        throw refuse('changed while it was read', 'Import it again once it is written.');
    }
    return { name, type: '', bytes: buffer.subarray(0, length) };
  } finally {
    await handle.close();
  }
}

/** Flags that POSIX systems have and Windows does not (where a link is resolved the same way first). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NON_BLOCKING = constants.O_NONBLOCK ?? 0;
