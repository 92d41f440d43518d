import { SearchInput, SearchOutput } from '../src/schemas/search.js';
import { defineTool, READ_ONLY } from './tool.js';

export const searchTool = defineTool({
  name: 'search',
  title: 'Search memory',
  description:
    'Find past messages by a few key words, across all sessions or within one session or peer. Use it when the user refers to something said earlier.',
  inputSchema: SearchInput,
  outputSchema: SearchOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.search(input),
});
