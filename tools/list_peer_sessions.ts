import { ListPeerSessionsInput, ListPeerSessionsOutput } from '../src/schemas/peer.js';
import { defineTool, READ_ONLY } from './tool.js';

export const listPeerSessionsTool = defineTool({
  name: 'list_peer_sessions',
  title: 'List a peer’s sessions',
  description:
    'List the sessions a peer has taken part in, oldest first; is_active is false for sessions the ' +
    'peer has been removed from. Use it to find earlier conversations with someone.',
  inputSchema: ListPeerSessionsInput,
  outputSchema: ListPeerSessionsOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.listPeerSessions(input),
});
