import { PeerList } from '../src/schemas/peer.js';
import { SessionInput } from '../src/schemas/session.js';
import { defineTool, READ_ONLY } from './tool.js';

export const listSessionPeersTool = defineTool({
  name: 'list_session_peers',
  title: 'List a session’s members',
  description: "List a session's current members, in the order they joined.",
  inputSchema: SessionInput,
  outputSchema: PeerList,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.listSessionPeers(input),
});
