import { decodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentPayloadV1 } from '@x402/core/types';

/** An x402 payment as a request carries it: v2 in `PAYMENT-SIGNATURE`, v1 in `X-PAYMENT`. */
export type X402Payment = { version: 2; payload: PaymentPayload } | { version: 1; payload: PaymentPayloadV1 };

/**
 * The x402 payment a request carries: undefined when it carries none, an error message when
 * the header is there but is not base64 JSON of a payment.
 */
export function readX402Payment(
  header: (name: string) => string | undefined,
): X402Payment | string | undefined {
  const v2 = header('payment-signature');
  const v1 = header('x-payment');
  const raw = v2 ?? v1;
  if (raw === undefined) return undefined;
  const name = v2 === undefined ? 'X-PAYMENT' : 'PAYMENT-SIGNATURE';
  let decoded: unknown;
  try {
    decoded = decodePaymentSignatureHeader(raw);
  } catch {
    return `${name} is not a base64-encoded JSON payment`;
  }
  if (typeof decoded !== 'object' || decoded === null || !('payload' in decoded)) {
    return `${name} does not hold an x402 payment payload`;
  }
  const version = (decoded as { x402Version?: unknown }).x402Version;
  if (version === 2 && 'accepted' in decoded) return { version: 2, payload: decoded as PaymentPayload };
  if (version === 1 && 'scheme' in decoded && 'network' in decoded) {
    return { version: 1, payload: decoded as unknown as PaymentPayloadV1 };
  }
  return `${name} holds an unsupported x402 version (this gateway takes 1 and 2)`;
}
