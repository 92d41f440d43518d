import { z } from 'zod';
import { Id } from './common.js';
import { NewMessage, NewMessages } from './message.js';

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

/**
 * The one error body of the gateway, for every status other than 200 and 402 (a 402 carries the
 * x402 payment-required object instead, which names what to sign or pay).
 */
export const GatewayError = z.object({
  error: z.object({
    code: z
      .enum(['invalid_input', 'not_found', 'unavailable', 'internal'])
      .describe('Stable code to branch on.'),
    message: z.string().describe('What went wrong, for a person or a model to read.'),
    field: z
      .string()
      .optional()
      .describe('The request field at fault, as a dotted path (messages.0.content).'),
    hint: z.string().optional().describe('How to recover.'),
  }),
});
export type GatewayError = z.infer<typeof GatewayError>;
