import { Peer, UpdatePeerMetadataInput } from '../src/schemas/peer.js';
import { defineTool } from './tool.js';

export const updatePeerMetadataTool = defineTool({
  name: 'update_peer_metadata',
  title: 'Replace a peer’s metadata',
  description:
    'Replace the metadata of an existing peer (a display name, a role, an external id) with a new ' +
    'object; list_peers shows the current one. For facts about the peer, use set_peer_card instead.',
  inputSchema: UpdatePeerMetadataInput,
  outputSchema: Peer,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.updatePeerMetadata(input),
});
