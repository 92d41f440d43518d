import { DeriverStatusInput, DeriverStatusOutput } from '../src/schemas/deriver-status.js';
import { defineTool, READ_ONLY } from './tool.js';

export const getDeriverStatusTool = defineTool({
  name: 'get_deriver_status',
  title: 'Learning progress',
  description:
    'How far learning is: batches pending, running, done and failed, with the latest errors. Check it when a fact you just saved is not known yet.',
  inputSchema: DeriverStatusInput,
  outputSchema: DeriverStatusOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.getDeriverStatus(input),
});
