import { Session, UpdateSessionMetadataInput } from '../src/schemas/session.js';
import { defineTool } from './tool.js';

export const updateSessionMetadataTool = defineTool({
  name: 'update_session_metadata',
  title: 'Replace a session’s metadata',
  description:
    'Replace the metadata of an existing session (a title, a topic, a project) with a new object; ' +
    'list_sessions shows the current one. Send the whole object: keys left out are removed.',
  inputSchema: UpdateSessionMetadataInput,
  outputSchema: Session,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.updateSessionMetadata(input),
});
