import { PeerCardOutput, SetPeerCardInput } from '../src/schemas/card.js';
import { defineTool } from './tool.js';

export const setPeerCardTool = defineTool({
  name: 'set_peer_card',
  title: 'Write a peer card',
  description:
    'Replace a peer’s card with a new list of short facts (read it first with get_peer_card and send ' +
    'the whole updated list). With target, write this peer’s card about the target instead.',
  inputSchema: SetPeerCardInput,
  outputSchema: PeerCardOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.setPeerCard(input),
});
