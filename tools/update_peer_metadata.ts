import { Peer, UpdatePeerMetadataInput } from '../src/schemas/peer.js';
import { defineTool } from './tool.js';

export const updatePeerMetadataTool = defineTool({
  name: 'update_peer_metadata',
  title: 'Replace a peer’s metadata',
  description:
    "Replace a peer's metadata with a new object (send the whole object). Facts about the peer go on its card.",
  inputSchema: UpdatePeerMetadataInput,
  outputSchema: Peer,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.updatePeerMetadata(input),
});
