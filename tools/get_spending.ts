import { SpendingInput, SpendingOutput } from '../src/schemas/spending.js';
import { defineTool, READ_ONLY } from './tool.js';

export const getSpendingTool = defineTool({
  name: 'get_spending',
  title: 'What memory calls cost',
  description:
    'What this server paid its upstream today from its wallet: the total, per endpoint, the daily budget left and the last payments.',
  inputSchema: SpendingInput,
  outputSchema: SpendingOutput,
  annotations: READ_ONLY,
  needs: 'payments',
  handler: (_input, { memory }) => memory.getSpending(),
});
