import { ListMessagesInput, ListMessagesOutput } from '../src/schemas/message.js';
import { defineTool, READ_ONLY } from './tool.js';

export const listMessagesTool = defineTool({
  name: 'list_messages',
  title: 'List a session’s messages',
  description:
    "List a session's messages page by page, oldest first. For what fits in a prompt, use get_context.",
  inputSchema: ListMessagesInput,
  outputSchema: ListMessagesOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.listMessages(input),
});
