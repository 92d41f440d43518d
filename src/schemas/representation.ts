import { z } from 'zod';
import { Id } from './common.js';

export const GetRepresentationInput = z.strictObject({
  peer: Id.describe('The peer whose knowledge to describe.'),
  session: Id.optional().describe('Only what was learned in this session.'),
  target: Id.optional().describe('What `peer` knows about this other peer instead of about itself.'),
});
export type GetRepresentationInput = z.infer<typeof GetRepresentationInput>;

export const RepresentationOutput = z.object({
  representation: z
    .string()
    .describe('Markdown: the peer card and the newest observations; empty when nothing is known.'),
});
export type RepresentationOutput = z.infer<typeof RepresentationOutput>;
