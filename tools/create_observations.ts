import { CreateObservationsInput, ObservationList } from '../src/schemas/observation.js';
import { defineTool } from './tool.js';

export const createObservationsTool = defineTool({
  name: 'create_observations',
  title: 'Write what is known',
  description:
    'Store observations written by hand, one short statement each, of an observer about an observed peer in a session; the peers and session must exist.',
  inputSchema: CreateObservationsInput,
  outputSchema: ObservationList,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: (input, { memory }) => memory.createObservations(input),
});
