import { encodePaymentResponseHeader } from '@x402/core/http';
import type { FacilitatorClient } from '@x402/core/server';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { getAddress } from 'viem';
import { UnavailableError } from '../../service/errors.js';
import type { PaymentCheck, Settlement } from '../payment-check.js';
import { readX402Payment } from './read-x402-payment.js';
import type { X402Offer } from './x402-offer.js';
import { x402PaymentMismatch } from './x402-payment-mismatch.js';
import { x402Proof } from './x402-proof.js';

/**
 * Reads the x402 payment of a request (v2 `PAYMENT-SIGNATURE` or v1 `X-PAYMENT`) and verifies
 * it against `offer` with the facilitator: price, payee, token, network, signature and validity
 * window. Settling it later answers with `PAYMENT-RESPONSE` (v2) or `X-PAYMENT-RESPONSE` (v1).
 */
export async function checkX402Payment(
  request: Request,
  offer: X402Offer,
  facilitator: FacilitatorClient,
): Promise<PaymentCheck> {
  const payment = readX402Payment((name) => request.headers.get(name) ?? undefined);
  if (payment === undefined) return { status: 'absent' };
  if (typeof payment === 'string') return { status: 'refused', reason: payment };

  const mismatch = x402PaymentMismatch(payment, offer);
  if (mismatch !== undefined) return { status: 'refused', reason: mismatch };
  const proof = x402Proof(payment);
  if (proof === undefined) return { status: 'refused', reason: 'it holds no EIP-3009 authorization' };
  const requirements = (payment.version === 2 ? offer.v2 : offer.v1) as PaymentRequirements;
  const payload = payment.payload as PaymentPayload;

  const verified = await facilitator.verify(payload, requirements).catch((cause: unknown) => {
    throw new UnavailableError('the payment facilitator could not be reached; nothing was charged', {
      cause,
    });
  });
  if (!verified.isValid) {
    const detail = safeDetail(verified.invalidMessage);
    return {
      status: 'refused',
      reason: `${verified.invalidReason ?? 'rejected by the facilitator'}${detail ? ` (${detail})` : ''}`,
    };
  }

  const receiptHeader = payment.version === 2 ? 'PAYMENT-RESPONSE' : 'X-PAYMENT-RESPONSE';
  return {
    status: 'verified',
    payment: {
      payer: getAddress(verified.payer ?? (payload.payload.authorization as { from: string }).from),
      proof: { kind: 'x402', nonce: proof.nonce, expiresAt: proof.expiresAt },
      async settle(): Promise<Settlement> {
        const settled = await facilitator.settle(payload, requirements).catch((cause: unknown) => ({
          success: false as const,
          errorReason: `facilitator unreachable (${cause instanceof Error ? cause.name : 'error'})`,
        }));
        if (!settled.success) return { ok: false, reason: settled.errorReason ?? 'unknown reason' };
        return { ok: true, headers: { [receiptHeader]: encodePaymentResponseHeader(settled) } };
      },
    },
  };
}

/**
 * The first line of a facilitator's message, or nothing: the rest of a node's error text holds
 * the RPC URL, and with it any key in that URL.
 */
function safeDetail(message: string | undefined): string | undefined {
  const firstLine = message?.split('\n')[0]?.trim();
  return firstLine && !firstLine.includes('://') ? firstLine : undefined;
}
