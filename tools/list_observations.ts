import { ListObservationsInput, ListObservationsOutput } from '../src/schemas/observation.js';
import { defineTool, READ_ONLY } from './tool.js';

export const listObservationsTool = defineTool({
  name: 'list_observations',
  title: 'List what has been learned',
  description:
    'Read the observations (conclusions learned from messages or written with create_observations) ' +
    'page by page, oldest first, narrowed to an observer, an observed peer or a session. Use it to ' +
    'review or audit what is known, and to find the id to delete; to answer a question, query_observations ranks them.',
  inputSchema: ListObservationsInput,
  outputSchema: ListObservationsOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.listObservations(input),
});
