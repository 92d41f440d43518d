import { PeerCardOutput, SetPeerCardInput } from '../src/schemas/card.js';
import { defineTool } from './tool.js';

export const setPeerCardTool = defineTool({
  name: 'set_peer_card',
  title: 'Write a peer card',
  description:
    'Replace a peer’s whole card, learned entries included, with exactly this list ([] clears it): read ' +
    'it with get_peer_card and send the updated list. Later learning changes an entry only with a newer ' +
    'fact for its label. With target, this peer’s card about the target.',
  inputSchema: SetPeerCardInput,
  outputSchema: PeerCardOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler: (input, { memory }) => memory.setPeerCard(input),
});
