import { Ok } from '../src/schemas/common.js';
import { SessionPeersChangeInput } from '../src/schemas/session.js';
import { defineTool } from './tool.js';

export const removeSessionPeersTool = defineTool({
  name: 'remove_session_peers',
  title: 'Remove peers from a session',
  description: "End peers' membership of a session; their messages stay.",
  inputSchema: SessionPeersChangeInput,
  outputSchema: Ok,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.removeSessionPeers(input),
});
