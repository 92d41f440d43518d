import { z } from 'zod';
import { PeerCard } from './card.js';
import { Id } from './common.js';
import { LIMITS } from './limits.js';
import { Message } from './message.js';
import { Summary } from './summary.js';

export const GetContextInput = z.strictObject({
  session: Id.describe('The session to build context for.'),
  tokens: z
    .number()
    .int()
    .gt(0)
    .max(LIMITS.contextTokens, `must be at most ${LIMITS.contextTokens}`)
    .optional()
    .describe('Token budget; the newest messages that fit are returned.'),
  summary: z.boolean().optional().describe('Also a summary of the messages before the window.'),
  peer_perspective: Id.optional().describe(
    'Also what is known about this peer (its card and representation): usually the user’s peer.',
  ),
  peer_target: Id.optional().describe(
    'Instead, what peer_perspective learned of this peer: only where its observe_others is on.',
  ),
});
export type GetContextInput = z.infer<typeof GetContextInput>;

export const ContextOutput = z.object({
  id: z.string().describe('The session id.'),
  messages: z.array(Message).describe('The newest messages that fit the budget, oldest first.'),
  summary: Summary.nullable().describe('Summary of the messages before the window, or null.'),
  peer_representation: z.string().nullable().describe('What is known about the peer (markdown), or null.'),
  peer_card: PeerCard,
  hints: z
    .array(z.string())
    .optional()
    .describe('Why a part asked for (summary, peer_perspective) came back empty, and what to do.'),
});
export type ContextOutput = z.infer<typeof ContextOutput>;
