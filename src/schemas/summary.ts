import { z } from 'zod';
import { Timestamp } from './common.js';

export const Summary = z.object({
  content: z.string().describe('The summary text.'),
  message_id: z.string().describe('The last message the summary covers.'),
  summary_type: z.enum(['short', 'long']).describe('short or long.'),
  created_at: Timestamp,
  token_count: z.number().int().describe('Tokens in the summary.'),
});
export type Summary = z.infer<typeof Summary>;

export const SessionSummariesOutput = z.object({
  short: Summary.nullable().describe('The short summary, or null until one is generated.'),
  long: Summary.nullable().describe('The long summary, or null until one is generated.'),
});
export type SessionSummariesOutput = z.infer<typeof SessionSummariesOutput>;
