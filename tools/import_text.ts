import { splitDocument } from '../src/import/split-document.js';
import { ImportTextInput } from '../src/schemas/import-file.js';
import { AddMessagesOutput } from '../src/schemas/message.js';
import { defineTool } from './tool.js';

const MEDIA_TYPES = { text: 'text/plain', markdown: 'text/markdown', json: 'application/json' } as const;

export const importTextTool = defineTool({
  name: 'import_text',
  title: 'Import a document’s text into a session',
  description:
    'Save a long document you hold (notes, a report, a transcript, a JSON list of messages) as messages of a session, split at headings and paragraphs: searchable at once; offline learning keeps only what it says in the first person.',
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
