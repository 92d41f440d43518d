import { Ok } from '../src/schemas/common.js';
import { SessionPeersChangeInput } from '../src/schemas/session.js';
import { defineTool } from './tool.js';

export const addSessionPeersTool = defineTool({
  name: 'add_session_peers',
  title: 'Add peers to a session',
  description:
    'Make peers members of a session before they speak (authors of add_messages join by themselves).',
  inputSchema: SessionPeersChangeInput,
  outputSchema: Ok,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.addSessionPeers(input),
});
