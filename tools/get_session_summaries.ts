import { SessionInput } from '../src/schemas/session.js';
import { SessionSummariesOutput } from '../src/schemas/summary.js';
import { defineTool, READ_ONLY } from './tool.js';

export const getSessionSummariesTool = defineTool({
  name: 'get_session_summaries',
  title: 'Read a session’s summaries',
  description:
    "Read a session's short and long summaries (null until made: learning writes one every 20 messages by default).",
  inputSchema: SessionInput,
  outputSchema: SessionSummariesOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.getSessionSummaries(input),
});
