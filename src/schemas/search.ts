import { z } from 'zod';
import { Id, Query } from './common.js';
import { LIMITS } from './limits.js';
import { Message } from './message.js';

export const SearchInput = z.strictObject({
  query: Query.describe(
    `What to look for, in plain words; at most ${LIMITS.queryChars} characters, of which the ${LIMITS.queryTerms} rarest words count.`,
  ),
  limit: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(10)
    .describe('How many messages at most, 1 to 100. Default 10.'),
  session: Id.optional().describe('Only search this session.'),
  peer: Id.optional().describe('Only search messages written by this peer.'),
});
export type SearchInput = z.infer<typeof SearchInput>;

export const SearchOutput = z.object({
  messages: z.array(Message).describe('The best matches, best first.'),
});
export type SearchOutput = z.infer<typeof SearchOutput>;
