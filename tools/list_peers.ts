import { ListPeersInput, ListPeersOutput } from '../src/schemas/peer.js';
import { defineTool, READ_ONLY } from './tool.js';

export const listPeersTool = defineTool({
  name: 'list_peers',
  title: 'List peers',
  description: 'List the peers (people and agents) this memory knows, page by page, oldest first.',
  inputSchema: ListPeersInput,
  outputSchema: ListPeersOutput,
  annotations: READ_ONLY,
  handler: (input, { memory }) => memory.listPeers(input),
});
