import { z } from 'zod';
import { Id, storedText } from './common.js';
import { LIMITS } from './limits.js';

export const PeerCard = z
  .array(z.string())
  .nullable()
  .describe('Short factual strings about the peer, or null when no card exists.');

export const PeerCardOutput = z.object({ peer_card: PeerCard });
export type PeerCardOutput = z.infer<typeof PeerCardOutput>;

const Target = Id.optional().describe(
  'Another peer: the card this peer holds about the target instead of its own card.',
);

export const GetPeerCardInput = z.strictObject({
  peer: Id.describe('The peer whose card to read.'),
  target: Target,
});
export type GetPeerCardInput = z.infer<typeof GetPeerCardInput>;

export const SetPeerCardInput = z.strictObject({
  peer: Id.describe('The peer whose card to write; created on first reference.'),
  card: z
    .array(storedText(LIMITS.cardEntryChars).min(1, 'must not be empty'))
    .max(LIMITS.cardEntries, `must hold at most ${LIMITS.cardEntries} entries`)
    .describe(
      `The whole card, derived entries included: at most ${LIMITS.cardEntries} short facts such as "Name: Ada", "Prefers tea", each at most ${LIMITS.cardEntryChars} characters; [] clears it.`,
    ),
  target: Target,
});
export type SetPeerCardInput = z.infer<typeof SetPeerCardInput>;
