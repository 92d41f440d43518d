import type { Address } from 'viem';
import type { ProofKind } from '../service/gateway-backend.js';

/** How settling a verified payment ended: the receipt headers to answer with, or why it failed. */
export type Settlement = { ok: true; headers: Record<string, string> } | { ok: false; reason: string };

/** A payment whose proof holds for this request's price, payee and token, not yet settled. */
type VerifiedPayment = {
  /** The paying wallet, checksummed: the workspace the paid operation runs in. */
  payer: Address;
  /** What makes the payment single use; spent before the operation runs. */
  proof: { kind: ProofKind; nonce: string; expiresAt: Date };
  settle(): Promise<Settlement>;
};

/**
 * What one payment protocol found in a request: none of its headers, a payment it refuses (the
 * reason is safe to show the caller), or a verified payment.
 */
export type PaymentCheck =
  | { status: 'absent' }
  | { status: 'refused'; reason: string }
  | { status: 'verified'; payment: VerifiedPayment };
