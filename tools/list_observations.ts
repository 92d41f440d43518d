import { ListObservationsInput, ListObservationsOutput } from '../src/schemas/observation.js';
import { defineTool, READ_ONLY } from './tool.js';

export const listObservationsTool = defineTool({
  name: 'list_observations',
  title: 'List what has been learned',
  description:
    'List observations page by page, oldest first, narrowed to an observer, an observed peer or a session: to review them or find one to delete.',
  inputSchema: ListObservationsInput,
  outputSchema: ListObservationsOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.listObservations(input),
});
