import { GetPeerCardInput, PeerCardOutput } from '../src/schemas/card.js';
import { defineTool, READ_ONLY } from './tool.js';

export const getPeerCardTool = defineTool({
  name: 'get_peer_card',
  title: 'Read a peer card',
  description:
    'Read the short list of stable facts kept about a peer (name, role, preferences). With target, ' +
    'read what this peer knows about the target instead. Null when no card exists yet.',
  inputSchema: GetPeerCardInput,
  outputSchema: PeerCardOutput,
  annotations: READ_ONLY,
  // Where a host renders views, the card opens as the memory view, from which the user can edit it.
  view: 'ui://peermem/memory-view',
  handler: (input, { memory }) => memory.getPeerCard(input),
});
