import type { ChatInput } from '../schemas/chat.js';
import type { GatewayAddMessagesInput } from '../schemas/gateway.js';

/**
 * Prices are counted in millionths of a US dollar, the smallest unit of USDC and of Tempo's
 * dollar tokens (6 decimals): 1,000 is 0.001 USD. Integers all the way, so no price is rounded.
 */
export type MicroUsd = bigint;

const MESSAGES_FLOOR: MicroUsd = 1_000n; // 0.001 USD
const MESSAGES_CEILING: MicroUsd = 5_000_000n; // 5.00 USD
// 2 USD per 1,000,000 tokens is 2 micro-USD per token.
const MICRO_USD_PER_TOKEN = 2n;

/** POST /chat by reasoning level (spec, Limits). */
export const CHAT_PRICES: Readonly<Record<ChatInput['reasoning_level'], MicroUsd>> = {
  minimal: 1_000n,
  low: 10_000n,
  medium: 50_000n,
  high: 100_000n,
  max: 500_000n,
};

/**
 * POST /messages: 2 USD per million input tokens, estimated as ceil(characters / 4) over all
 * message contents, between a floor of 0.001 and a ceiling of 5.00 USD. Characters are Unicode
 * code points, what a person counts (an emoji is one, not two UTF-16 units).
 */
export function priceOfMessages(input: GatewayAddMessagesInput): MicroUsd {
  let characters = 0;
  for (const message of input.messages) {
    for (const _ of message.content) characters += 1;
  }
  const tokens = BigInt(Math.ceil(characters / 4));
  const price = tokens * MICRO_USD_PER_TOKEN;
  if (price < MESSAGES_FLOOR) return MESSAGES_FLOOR;
  if (price > MESSAGES_CEILING) return MESSAGES_CEILING;
  return price;
}

/** POST /chat: by `reasoning_level`, `low` when none is given. */
export function priceOfChat(input: Pick<ChatInput, 'reasoning_level'>): MicroUsd {
  return CHAT_PRICES[input.reasoning_level];
}

/** "0.001", "5", "0.01": a price as a decimal number of US dollars. */
export function formatUsd(price: MicroUsd): string {
  const whole = price / 1_000_000n;
  const fraction = (price % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
}
