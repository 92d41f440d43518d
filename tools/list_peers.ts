import { ListPeersInput, PeerList } from '../src/schemas/peer.js';
import { defineTool, READ_ONLY } from './tool.js';

export const listPeersTool = defineTool({
  name: 'list_peers',
  title: 'List peers',
  description: 'List every peer (person or agent) this memory knows, oldest first. Takes no arguments.',
  inputSchema: ListPeersInput,
  outputSchema: PeerList,
  annotations: READ_ONLY,
  handler: (_input, { memory }) => memory.listPeers(),
});
