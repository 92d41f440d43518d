import { Ok } from '../src/schemas/common.js';
import { DeleteObservationInput } from '../src/schemas/observation.js';
import { defineTool } from './tool.js';

export const deleteObservationTool = defineTool({
  name: 'delete_observation',
  title: 'Forget one observation',
  description:
    'Permanently delete one observation by its id (from list_observations or query_observations): ' +
    'when it is wrong, outdated, or the user asks for it to be forgotten. The messages it came from stay.',
  inputSchema: DeleteObservationInput,
  outputSchema: Ok,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.deleteObservation(input),
});
