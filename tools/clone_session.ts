import { CloneSessionInput, Session } from '../src/schemas/session.js';
import { defineTool } from './tool.js';

export const cloneSessionTool = defineTool({
  name: 'clone_session',
  title: 'Copy a session',
  description:
    'Copy a session under a new id (returned): its metadata, its members with their configuration, ' +
    'and its messages, all of them or up to and including up_to_message. Use it to branch a ' +
    'conversation, for example to try another direction from an earlier point without losing the original.',
  inputSchema: CloneSessionInput,
  outputSchema: Session,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: (input, { memory }) => memory.cloneSession(input),
});
