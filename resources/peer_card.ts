import { listPerPeer, type MemoryResource, peerIdsStartingWith } from './resource.js';

export const peerCardResource: MemoryResource = {
  name: 'peer_card',
  template: 'memory://peers/{peer}/card',
  title: 'Peer card',
  description: 'The short list of stable facts kept about one peer.',
  mimeType: 'application/json',
  list: (context) => listPerPeer(context, 'card', 'Card of'),
  complete: { peer: peerIdsStartingWith },
  async read({ peer = '' }, { memory }) {
    const { peer_card } = await memory.getPeerCard({ peer });
    return JSON.stringify({ peer, peer_card }, null, 2);
  },
};
