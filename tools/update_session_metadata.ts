import { Session, UpdateSessionMetadataInput } from '../src/schemas/session.js';
import { defineTool } from './tool.js';

export const updateSessionMetadataTool = defineTool({
  name: 'update_session_metadata',
  title: 'Replace a session’s metadata',
  description: "Replace a session's metadata with a new object (send the whole object).",
  inputSchema: UpdateSessionMetadataInput,
  outputSchema: Session,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.updateSessionMetadata(input),
});
