import { ListSessionsInput, ListSessionsOutput } from '../src/schemas/session.js';
import { defineTool, READ_ONLY } from './tool.js';

export const listSessionsTool = defineTool({
  name: 'list_sessions',
  title: 'List sessions',
  description:
    'List the conversations (sessions) in memory, oldest first (reverse: true for the newest first). ' +
    'is_active is false for a session that no longer has members.',
  inputSchema: ListSessionsInput,
  outputSchema: ListSessionsOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.listSessions(input),
});
