import { z } from 'zod';
import { Id, Query, storedText } from './common.js';
import { LIMITS } from './limits.js';

export const ReasoningLevel = z
  .enum(['minimal', 'low', 'medium', 'high', 'max'])
  .describe(
    'How much to search and how hard to reason: minimal and low are instant, medium fast, high and max thorough.',
  );
export type ReasoningLevel = z.infer<typeof ReasoningLevel>;

export const ChatInput = z.strictObject({
  peer: Id.describe('The peer whose memory answers; created on first reference.'),
  query: Query.describe(`The question, in plain words; at most ${LIMITS.queryChars} characters.`),
  session: Id.optional().describe('Only use what was learned in this session; created on first reference.'),
  target: storedText(LIMITS.idChars)
    .optional()
    .describe('Ask what `peer` knows about this other peer instead of its global memory (empty: none).'),
  reasoning_level: ReasoningLevel.default('low'),
});
export type ChatInput = z.infer<typeof ChatInput>;

export const ChatOutput = z.object({
  content: z.string().nullable().describe('The answer, or null when the memory does not hold one.'),
});
export type ChatOutput = z.infer<typeof ChatOutput>;
