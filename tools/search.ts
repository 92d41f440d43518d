import { SearchInput, SearchOutput } from '../src/schemas/search.js';
import { defineTool, READ_ONLY } from './tool.js';

export const searchTool = defineTool({
  name: 'search',
  title: 'Search memory',
  description:
    'Find past messages about something, across all sessions or within one session or one peer’s ' +
    'messages. Use it before answering when the user refers to something said earlier ' +
    '(“what did I tell you about…”). Best matches first.',
  inputSchema: SearchInput,
  outputSchema: SearchOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.search(input),
});
