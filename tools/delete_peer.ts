import { Ok } from '../src/schemas/common.js';
import { DeletePeerInput } from '../src/schemas/peer.js';
import { defineTool } from './tool.js';

export const deletePeerTool = defineTool({
  name: 'delete_peer',
  title: 'Forget a peer',
  description:
    'Permanently forget a peer: every message it wrote, every observation by or about it, its cards and ' +
    'its memberships. This cannot be undone: only call it when the user asks for that peer to be forgotten.',
  inputSchema: DeletePeerInput,
  outputSchema: Ok,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.deletePeer(input),
});
