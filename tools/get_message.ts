import { MessageInput, MessageWithMetadata } from '../src/schemas/message.js';
import { defineTool, READ_ONLY } from './tool.js';

export const getMessageTool = defineTool({
  name: 'get_message',
  title: 'Read one message',
  description: 'Read one message of a session by id, whole, with its metadata.',
  inputSchema: MessageInput,
  outputSchema: MessageWithMetadata,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.getMessage(input),
});
