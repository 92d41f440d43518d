import { splitDocument } from '../src/import/split-document.js';
import { ImportTextInput } from '../src/schemas/import-file.js';
import { LIMITS } from '../src/schemas/limits.js';
import { AddMessagesOutput } from '../src/schemas/message.js';
import { defineTool } from './tool.js';

const MEDIA_TYPES = { text: 'text/plain', markdown: 'text/markdown', json: 'application/json' } as const;

export const importTextTool = defineTool({
  name: 'import_text',
  title: 'Import a document’s text into a session',
  description:
    'Save a long document you hold (notes, a report, a transcript, a JSON export) as messages of a ' +
    'session, split for you: at headings and paragraphs into messages of at most ' +
    `${LIMITS.messageChars} characters (${LIMITS.messagesPerCall} at most), written in order by one ` +
    'add_messages call; with format json, an array of {content, peer, created_at} entries becomes one ' +
    'message each. For a file on the server’s machine, use import_file.',
  inputSchema: ImportTextInput,
  outputSchema: AddMessagesOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async handler(input, { memory }) {
    const file = {
      name: input.name,
      type: MEDIA_TYPES[input.format],
      bytes: new TextEncoder().encode(input.text),
    };
    const { messages } = await splitDocument(file, {
      peer: input.peer,
      metadata: { file_name: input.name, ...input.metadata },
      created_at: input.created_at,
      field: 'text',
    });
    return memory.addMessages({ session: input.session, messages });
  },
});
