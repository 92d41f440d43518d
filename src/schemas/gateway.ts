import { z } from 'zod';
import { SetPeerCardInput } from './card.js';
import { Id } from './common.js';
import { ErrorCode, Subject } from './error-code.js';
import { NewMessage, NewMessages } from './message.js';
import { Peer } from './peer.js';

/**
 * Shapes that only the pay-per-call gateway (area A over HTTP) has. Every other gateway body is
 * the same schema the MCP tools use.
 */

/** POST /messages: the spec's message items carry no `created_at` (the gateway stamps it). */
export const GatewayAddMessagesInput = z.strictObject({
  session: Id.describe('The session (conversation) to append to; created on first reference.'),
  messages: NewMessages(NewMessage.omit({ created_at: true })),
});
export type GatewayAddMessagesInput = z.infer<typeof GatewayAddMessagesInput>;

/** POST /card/set: the spec's card holds at least one entry (the tool's `[]`, which clears, is not sold there). */
export const GatewaySetPeerCardInput = SetPeerCardInput.extend({
  card: SetPeerCardInput.shape.card
    .min(1, 'must hold at least 1 entry')
    .describe('The whole card, derived entries included: short facts such as "Name: Ada", "Prefers tea".'),
});

/** POST /peers: the spec's request is an empty object and its answer every peer of the workspace. */
export const GatewayListPeersInput = z.strictObject({});
export const GatewayListPeersOutput = z.object({
  peers: z.array(Peer).describe('Every peer of the workspace, oldest first.'),
});

/**
 * The one error body of the gateway, for every status other than 200 and 402 (a 402 carries the
 * x402 payment-required object instead, which names what to sign or pay).
 */
export const GatewayError = z.object({
  error: z.object({
    code: ErrorCode.describe('Stable code to branch on.'),
    message: z.string().describe('What went wrong, for a person or a model to read.'),
    field: z
      .string()
      .optional()
      .describe('The request field at fault, as a dotted path (messages.0.content).'),
    hint: z.string().optional().describe('How to recover.'),
    subject: Subject.optional().describe('The record not found, when the error is about one.'),
  }),
});
export type GatewayError = z.infer<typeof GatewayError>;
