import { decodePaymentRequiredHeader } from '@x402/core/http';
import type { PaymentRequired, PaymentRequiredV1 } from '@x402/core/types';

/**
 * The x402 `PAYMENT-REQUIRED` header of a 402, or nothing when it is missing or unreadable: a
 * sign-in challenge and a v2 price both come in it, and an upstream that garbles it is answered
 * as one that asks for nothing this wallet does.
 */
export function decodeRequired(response: Response): PaymentRequired | undefined {
  const header = response.headers.get('payment-required');
  if (header === null) return undefined;
  try {
    return decodePaymentRequiredHeader(header);
  } catch {
    return undefined;
  }
}

/**
 * The x402 offers of a 402: v2 in the `PAYMENT-REQUIRED` header, v1 in the JSON body (an
 * upstream may send both, as this package's gateway does), and the reason given for asking.
 */
export type X402Offers = {
  v2: PaymentRequired | undefined;
  v1: PaymentRequiredV1 | undefined;
  error: string | undefined;
};

/** Reads the offers of a 402 without consuming its body, which an MPP payer may read next. */
export async function readOffers(response: Response): Promise<X402Offers> {
  const v2 = decodeRequired(response);
  let v1: PaymentRequiredV1 | undefined;
  try {
    const body = (await response.clone().json()) as Partial<PaymentRequiredV1> | null;
    if (body?.x402Version === 1 && Array.isArray(body.accepts)) v1 = body as PaymentRequiredV1;
  } catch {
    // Not JSON: no v1 offer.
  }
  return { v2, v1, error: v2?.error ?? v1?.error };
}
