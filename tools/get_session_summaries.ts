import { SessionInput } from '../src/schemas/session.js';
import { SessionSummariesOutput } from '../src/schemas/summary.js';
import { defineTool, READ_ONLY } from './tool.js';

export const getSessionSummariesTool = defineTool({
  name: 'get_session_summaries',
  title: 'Read a session’s summaries',
  description:
    'Read the short and the long summary of a session, to recall a long conversation quickly. Either ' +
    'is null until it has been generated.',
  inputSchema: SessionInput,
  outputSchema: SessionSummariesOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.getSessionSummaries(input),
});
