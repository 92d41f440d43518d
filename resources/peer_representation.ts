import { listPerPeer, type MemoryResource, peerIdsStartingWith } from './resource.js';

export const peerRepresentationResource: MemoryResource = {
  name: 'peer_representation',
  template: 'memory://peers/{peer}/representation',
  title: 'What is known about a peer',
  description: 'Markdown: the peer card and the newest observations about one peer.',
  mimeType: 'text/markdown',
  list: (context) => listPerPeer(context, 'representation', 'What is known about'),
  complete: { peer: peerIdsStartingWith },
  async read({ peer = '' }, { memory }) {
    const { representation } = await memory.getRepresentation({ peer });
    return representation;
  },
};
