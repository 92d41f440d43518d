import { AddMessagesInput, AddMessagesOutput } from '../src/schemas/message.js';
import { defineTool } from './tool.js';

export const addMessagesTool = defineTool({
  name: 'add_messages',
  title: 'Save messages to memory',
  description:
    'Append one or more conversation turns to a session so they are remembered. Call it after each ' +
    'exchange with the user (their message and your reply), naming who wrote each one. The session and ' +
    'the peers are created on first use. Give created_at only when importing past conversations.',
  inputSchema: AddMessagesInput,
  outputSchema: AddMessagesOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  // One statement stores them all or none, so progress is its start and its end.
  async handler(input, { memory, progress }) {
    const count = input.messages.length;
    await progress?.(0, count, `saving ${count} message(s)`);
    const output = await memory.addMessages(input);
    await progress?.(count, count, `saved ${count} message(s)`);
    return output;
  },
});
