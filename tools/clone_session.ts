import { CloneSessionInput, Session } from '../src/schemas/session.js';
import { defineTool } from './tool.js';

export const cloneSessionTool = defineTool({
  name: 'clone_session',
  title: 'Copy a session',
  description:
    'Copy a session under a new id, with its members and its messages (all, or up to one): to branch a conversation.',
  inputSchema: CloneSessionInput,
  outputSchema: Session,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler: (input, { memory }) => memory.cloneSession(input),
});
