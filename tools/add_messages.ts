import { AddMessagesInput, AddMessagesOutput } from '../src/schemas/message.js';
import { defineTool } from './tool.js';

export const addMessagesTool = defineTool({
  name: 'add_messages',
  title: 'Save messages to memory',
  description:
    "Save conversation turns to a session: after each exchange, the user's message and your reply, each with its author as peer. Sessions and peers are created on first use.",
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
