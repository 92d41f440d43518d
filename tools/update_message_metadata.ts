import { MessageWithMetadata, UpdateMessageMetadataInput } from '../src/schemas/message.js';
import { defineTool } from './tool.js';

export const updateMessageMetadataTool = defineTool({
  name: 'update_message_metadata',
  title: 'Replace a message’s metadata',
  description:
    'Replace the metadata of one message (tags, a source, a status) with a new object; its content ' +
    'and time never change. Read the current metadata with get_message first and send the whole object.',
  inputSchema: UpdateMessageMetadataInput,
  outputSchema: MessageWithMetadata,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.updateMessageMetadata(input),
});
