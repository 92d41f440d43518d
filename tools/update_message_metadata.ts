import { MessageWithMetadata, UpdateMessageMetadataInput } from '../src/schemas/message.js';
import { defineTool } from './tool.js';

export const updateMessageMetadataTool = defineTool({
  name: 'update_message_metadata',
  title: 'Replace a message’s metadata',
  description:
    "Replace a message's metadata with a new object (send the whole object); its content and time never change.",
  inputSchema: UpdateMessageMetadataInput,
  outputSchema: MessageWithMetadata,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.updateMessageMetadata(input),
});
