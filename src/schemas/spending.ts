import { z } from 'zod';

export const SpendingInput = z.strictObject({});
export type SpendingInput = z.infer<typeof SpendingInput>;

/** An amount in US dollars, written exactly: "0.001" is 1000 USDC base units. */
const Usd = z.string().regex(/^\d+\.\d{2,6}$/);

export const PaymentProtocol = z
  .enum(['x402 v2', 'x402 v1', 'mpp'])
  .describe(
    'How it was paid: x402 (version 2, or 1 when that was all the upstream offered) or MPP (Tempo charge).',
  );
export type PaymentProtocol = z.infer<typeof PaymentProtocol>;

export const SpendingOutput = z.object({
  mode: z
    .enum(['embedded', 'remote'])
    .describe(
      'embedded: the memory is kept by this server and nothing is ever paid; remote: an upstream gateway keeps it, paid from the wallet.',
    ),
  wallet: z.string().nullable().describe('The address of the wallet that pays; null in embedded mode.'),
  upstream: z.string().nullable().describe('The upstream gateway paid; null in embedded mode.'),
  day: z
    .string()
    .describe('The UTC day (YYYY-MM-DD) the totals are for; the daily budget renews when it ends.'),
  spent_today_usd: Usd.describe(
    'Spent today, in USD: settled payments and those signed whose outcome is unknown.',
  ),
  remaining_today_usd: Usd.nullable().describe(
    'What today’s budget still allows, in USD; null in embedded mode (no budget applies).',
  ),
  daily_budget_usd: Usd.nullable().describe(
    'The most all calls of a UTC day may cost; null in embedded mode.',
  ),
  max_per_call_usd: Usd.nullable().describe('The most one call may cost; null in embedded mode.'),
  by_endpoint: z
    .array(
      z.object({
        endpoint: z.string().describe('The upstream endpoint paid, as /messages (add_messages) or /chat.'),
        spent_usd: Usd.describe('Spent on it today, in USD.'),
      }),
    )
    .describe('Today’s spending per endpoint, the most spent first.'),
  recent: z
    .array(
      z.object({
        at: z.string().describe('When it was paid (settled) or signed (unconfirmed), ISO 8601.'),
        endpoint: z.string(),
        price_usd: Usd.describe('The price paid, in USD.'),
        protocol: PaymentProtocol,
        network: z.string().describe('The chain paid on, as a CAIP-2 id (eip155:8453 is Base).'),
        asset: z.string().describe('The token paid in (its contract address).'),
        status: z
          .enum(['settled', 'unconfirmed'])
          .describe(
            'settled: the upstream confirmed the payment; unconfirmed: signed and sent but not confirmed (its answer was lost, or is still on its way), so it may have been paid and counts.',
          ),
        reference: z
          .string()
          .nullable()
          .describe('The settlement transaction (x402) or payment reference (MPP); null while unconfirmed.'),
      }),
    )
    .describe('The last payments, on any day, newest first.'),
});
export type SpendingOutput = z.infer<typeof SpendingOutput>;

/** What the embedded server reports: it keeps the memory itself, so nothing is ever paid. */
export function nothingSpent(now: Date): SpendingOutput {
  return {
    mode: 'embedded',
    wallet: null,
    upstream: null,
    day: now.toISOString().slice(0, 10),
    spent_today_usd: '0.00',
    remaining_today_usd: null,
    daily_budget_usd: null,
    max_per_call_usd: null,
    by_endpoint: [],
    recent: [],
  };
}
