import { ObservationList, QueryObservationsInput } from '../src/schemas/observation.js';
import { defineTool, READ_ONLY } from './tool.js';

export const queryObservationsTool = defineTool({
  name: 'query_observations',
  title: 'Find what is known about a peer',
  description:
    'Find the stored observations (conclusions) of one peer about another, or about itself, that best answer a question, with their ids.',
  inputSchema: QueryObservationsInput,
  outputSchema: ObservationList,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.queryObservations(input),
});
