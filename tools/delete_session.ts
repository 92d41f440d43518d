import { Ok } from '../src/schemas/common.js';
import { SessionInput } from '../src/schemas/session.js';
import { defineTool } from './tool.js';

export const deleteSessionTool = defineTool({
  name: 'delete_session',
  title: 'Delete a session',
  description:
    'Permanently delete a session and all of its messages. This cannot be undone: only call it when ' +
    'the user asks for that conversation to be forgotten.',
  inputSchema: SessionInput,
  outputSchema: Ok,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.deleteSession(input),
});
