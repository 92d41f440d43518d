import { ListPeerSessionsInput, ListPeerSessionsOutput } from '../src/schemas/peer.js';
import { defineTool, READ_ONLY } from './tool.js';

export const listPeerSessionsTool = defineTool({
  name: 'list_peer_sessions',
  title: 'List a peer’s sessions',
  description:
    'List the sessions a peer has taken part in, page by page: to find earlier conversations with someone.',
  inputSchema: ListPeerSessionsInput,
  outputSchema: ListPeerSessionsOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.listPeerSessions(input),
});
