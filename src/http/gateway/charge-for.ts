import { encodePaymentRequiredHeader, encodePaymentResponseHeader } from '@x402/core/http';
import type { FacilitatorClient } from '@x402/core/server';
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from '@x402/core/types';
import { getAddress } from 'viem';
import { formatUsd, type MicroUsd } from '../../payments/gateway-prices.js';
import type { PaymentSettings } from '../../payments/payment-settings.js';
import { readX402Payment } from '../../payments/x402/read-x402-payment.js';
import { type PaidResource, type X402Offer, x402Offer } from '../../payments/x402/x402-offer.js';
import { x402PaymentMismatch } from '../../payments/x402/x402-payment-mismatch.js';
import { x402Proof } from '../../payments/x402/x402-proof.js';
import { UnavailableError } from '../../service/errors.js';
import type { GatewayBackend, ProvisionalWrite } from '../../service/gateway-backend.js';

export type PaymentGateOptions = {
  backend: GatewayBackend;
  payments: PaymentSettings;
  facilitator: FacilitatorClient;
};

/**
 * Runs a paid operation for the wallet that pays for it. The order is verify, run, settle:
 *
 * 1. verify: the payment answers this request's price, payee, token and network, its signature
 *    and validity window hold, and its nonce is spent here (a replay stops at this step);
 * 2. run: the operation runs for the payer's workspace; what it writes is held back from learning;
 *    if it fails, nothing is settled (the payer is not charged) and the nonce is released;
 * 3. settle: the payment is settled on chain; if that fails, what the operation wrote is withdrawn
 *    and the answer is 402, so an unsettled payment stores nothing; once it succeeds, the write
 *    is kept and the answer carries the settlement receipt.
 */
export async function chargeFor<Output>(
  request: Request,
  resource: PaidResource,
  price: MicroUsd,
  run: (workspace: string) => Promise<ProvisionalWrite<Output>>,
  options: PaymentGateOptions,
): Promise<Response> {
  const offer = x402Offer(options.payments, price, resource);
  const payment = readX402Payment((name) => request.headers.get(name) ?? undefined);
  if (payment === undefined)
    return paymentRequired(offer, resource, `Payment required: ${formatUsd(price)} USD.`);
  if (typeof payment === 'string') return paymentRequired(offer, resource, `Payment invalid: ${payment}.`);

  const mismatch = x402PaymentMismatch(payment, offer);
  if (mismatch !== undefined) return paymentRequired(offer, resource, `Payment invalid: ${mismatch}.`);
  const proof = x402Proof(payment);
  if (proof === undefined)
    return paymentRequired(offer, resource, 'Payment invalid: it holds no EIP-3009 authorization.');
  const requirements = (payment.version === 2 ? offer.v2 : offer.v1) as PaymentRequirements;
  const payload = payment.payload as PaymentPayload;

  const verified = await options.facilitator.verify(payload, requirements).catch((cause: unknown) => {
    throw new UnavailableError('the payment facilitator could not be reached; nothing was charged', {
      cause,
    });
  });
  if (!verified.isValid) {
    return paymentRequired(
      offer,
      resource,
      `Payment invalid: ${verified.invalidReason ?? 'rejected by the facilitator'}${verified.invalidMessage ? ` (${verified.invalidMessage})` : ''}.`,
    );
  }
  if (!(await options.backend.spendProof('x402', proof.nonce, proof.expiresAt))) {
    return paymentRequired(
      offer,
      resource,
      'Payment invalid: this authorization was already used; sign a new one.',
    );
  }

  const payer = getAddress(verified.payer ?? (payload.payload.authorization as { from: string }).from);
  let write: ProvisionalWrite<Output>;
  try {
    write = await run(payer);
  } catch (error) {
    await options.backend.releaseProof('x402', proof.nonce);
    throw error;
  }

  const settled = await options.facilitator.settle(payload, requirements).catch((cause: unknown) => ({
    success: false as const,
    errorReason: 'facilitator_unreachable',
    errorMessage: cause instanceof Error ? cause.message : String(cause),
    transaction: '',
    network: requirements.network,
  }));
  if (!settled.success) {
    await write.withdraw();
    await options.backend.releaseProof('x402', proof.nonce);
    return paymentRequired(
      offer,
      resource,
      `Payment failed to settle: ${settled.errorReason ?? 'unknown reason'}; nothing was stored.`,
    );
  }
  await write.keep();
  const receiptHeader = payment.version === 2 ? 'PAYMENT-RESPONSE' : 'X-PAYMENT-RESPONSE';
  return Response.json(write.output, {
    status: 200,
    headers: { [receiptHeader]: encodePaymentResponseHeader(settled) },
  });
}

/**
 * The 402 of a paid endpoint: x402 v2 in the `PAYMENT-REQUIRED` header, and in the body the
 * same offer as x402 v1 reads it (v2 clients read the header, v1 clients the body).
 */
function paymentRequired(offer: X402Offer, resource: PaidResource, error: string): Response {
  const v2: PaymentRequired = {
    x402Version: 2,
    error,
    resource: { url: resource.url, description: resource.description, mimeType: 'application/json' },
    accepts: [offer.v2],
  };
  const body = offer.v1 === undefined ? v2 : { x402Version: 1, error, accepts: [offer.v1] };
  return Response.json(body, {
    status: 402,
    headers: { 'PAYMENT-REQUIRED': encodePaymentRequiredHeader(v2), 'Cache-Control': 'no-store' },
  });
}
