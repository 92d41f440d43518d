import { ObservationList, QueryObservationsInput } from '../src/schemas/observation.js';
import { defineTool, READ_ONLY } from './tool.js';

export const queryObservationsTool = defineTool({
  name: 'query_observations',
  title: 'Find what is known about a peer',
  description:
    'The observations one peer holds about another (or about itself: observer equal to observed) ' +
    'that best answer a question, best first. Cheaper and more literal than chat: it returns the ' +
    'stored conclusions themselves, with their ids.',
  inputSchema: QueryObservationsInput,
  outputSchema: ObservationList,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.queryObservations(input),
});
