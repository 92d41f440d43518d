import { CreateObservationsInput, OBSERVATION_TOKENS, ObservationList } from '../src/schemas/observation.js';
import { defineTool } from './tool.js';

export const createObservationsTool = defineTool({
  name: 'create_observations',
  title: 'Write what is known',
  description:
    'Store conclusions written by hand (one short statement each, at most ' +
    `${OBSERVATION_TOKENS} tokens) of an observer about an observed peer, tied to a session; the ` +
    'peers and the session must exist. They are found by query_observations, chat and ' +
    'get_representation like learned ones. The same statement again counts as seen once more.',
  inputSchema: CreateObservationsInput,
  outputSchema: ObservationList,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: (input, { memory }) => memory.createObservations(input),
});
