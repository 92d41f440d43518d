import { SpendingInput, SpendingOutput } from '../src/schemas/spending.js';
import { defineTool, READ_ONLY } from './tool.js';

export const getSpendingTool = defineTool({
  name: 'get_spending',
  title: 'What memory calls cost',
  description:
    'What this server paid its upstream memory today (in remote mode, where add_messages and chat ' +
    'are paid from a wallet): the total, per endpoint, what remains of the daily budget, the most ' +
    'one call may cost, and the last payments with their transactions. In embedded mode nothing is paid. ' +
    'Check it before a costly call (a high reasoning_level chat) or after a spending-limit error.',
  inputSchema: SpendingInput,
  outputSchema: SpendingOutput,
  annotations: READ_ONLY,
  handler: (_input, { memory }) => memory.getSpending(),
});
