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
    .describe(
      `Token budget for the returned messages, at most ${LIMITS.contextTokens}; the newest messages that fit are returned.`,
    ),
  summary: z.boolean().optional().describe('Include a summary of the older messages beyond the window.'),
  peer_perspective: Id.optional().describe('Include this peer’s representation and peer card.'),
  peer_target: Id.optional().describe('The peer that the representation and card are about.'),
});
export type GetContextInput = z.infer<typeof GetContextInput>;

export const ContextOutput = z.object({
  id: z.string().describe('The session id.'),
  messages: z.array(Message).describe('The newest messages that fit the budget, oldest first.'),
  summary: Summary.nullable().describe('Summary of the messages before the window, or null.'),
  peer_representation: z.string().nullable().describe('What is known about the peer (markdown), or null.'),
  peer_card: PeerCard,
});
export type ContextOutput = z.infer<typeof ContextOutput>;
