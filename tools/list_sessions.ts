import { ListSessionsInput, ListSessionsOutput } from '../src/schemas/session.js';
import { defineTool, READ_ONLY } from './tool.js';

export const listSessionsTool = defineTool({
  name: 'list_sessions',
  title: 'List sessions',
  description: 'List the sessions (conversations) page by page, oldest first.',
  inputSchema: ListSessionsInput,
  outputSchema: ListSessionsOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.listSessions(input),
});
