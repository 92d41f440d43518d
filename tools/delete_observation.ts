import { Ok } from '../src/schemas/common.js';
import { DeleteObservationInput } from '../src/schemas/observation.js';
import { defineTool } from './tool.js';

export const deleteObservationTool = defineTool({
  name: 'delete_observation',
  title: 'Forget one observation',
  description:
    'Permanently delete one observation by id, when it is wrong or the user asks to forget it. Its messages stay.',
  inputSchema: DeleteObservationInput,
  outputSchema: Ok,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.deleteObservation(input),
});
