import { ListMessagesInput, ListMessagesOutput } from '../src/schemas/message.js';
import { defineTool, READ_ONLY } from './tool.js';

export const listMessagesTool = defineTool({
  name: 'list_messages',
  title: 'List a session’s messages',
  description:
    'Read the messages of one session page by page, oldest first (reverse: true for newest first). ' +
    'Use it to review a whole conversation; for what fits in a prompt, get_context is better.',
  inputSchema: ListMessagesInput,
  outputSchema: ListMessagesOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.listMessages(input),
});
