import { encodePaymentRequiredHeader } from '@x402/core/http';
import type { FacilitatorClient } from '@x402/core/server';
import type { PaymentRequired } from '@x402/core/types';
import { formatUsd, type MicroUsd } from '../../payments/gateway-prices.js';
import type { MppCharge } from '../../payments/mpp/create-mpp-charge.js';
import type { PaymentCheck } from '../../payments/payment-check.js';
import type { PaymentSettings } from '../../payments/payment-settings.js';
import { checkX402Payment } from '../../payments/x402/check-x402-payment.js';
import { type PaidResource, type X402Offer, x402Offer } from '../../payments/x402/x402-offer.js';
import type { GatewayBackend, ProvisionalWrite } from '../../service/gateway-backend.js';

export type PaymentGateOptions = {
  backend: GatewayBackend;
  payments: PaymentSettings;
  facilitator: FacilitatorClient;
  /** Absent when MPP is not offered. */
  mpp: MppCharge | undefined;
  /** The refusal of a verified payer over its rate limit, or undefined to go ahead. */
  admit: (payer: string) => Response | undefined;
};

/**
 * Runs a paid operation for the wallet that pays for it, paid with x402 or MPP. The order is
 * verify, run, settle:
 *
 * 1. verify: the payment answers this request's price, payee, token and network, and its
 *    signature and validity window hold; then the payer's rate limit is taken, so only the
 *    wallet that signed can use up its own (a refusal spends nothing: the same payment may be sent
 *    again later); then its nonce (x402) or challenge id (MPP) is spent here, in the database, so
 *    a replay stops at this step in every server process;
 * 2. run: the operation runs for the payer's workspace; what it writes is held back from learning;
 *    if it fails, nothing is settled (the payer is not charged) and the nonce is released;
 * 3. settle: the payment is settled on chain; if that fails, what the operation wrote is withdrawn
 *    and the answer is 402, so an unsettled payment stores nothing; once it succeeds, the write
 *    is kept and the answer carries the receipt.
 */
export async function chargeFor<Output>(
  request: Request,
  resource: PaidResource,
  price: MicroUsd,
  run: (workspace: string) => Promise<ProvisionalWrite<Output>>,
  options: PaymentGateOptions,
): Promise<Response> {
  const offer = x402Offer(options.payments, price, resource);
  // Binds an MPP challenge to this endpoint: a credential for /chat cannot pay for /messages.
  const scope = `POST ${new URL(resource.url).pathname}`;
  const refuse = async (error: string) =>
    paymentRequired(offer, resource, error, await options.mpp?.challenge(price, scope));

  let check: PaymentCheck = await checkX402Payment(request, offer, options.facilitator);
  if (check.status === 'absent' && options.mpp !== undefined)
    check = await options.mpp.check(request, price, scope);
  if (check.status === 'absent') return refuse(`Payment required: ${formatUsd(price)} USD.`);
  if (check.status === 'refused') return refuse(`Payment invalid: ${check.reason}.`);

  const { payment } = check;
  const limited = options.admit(payment.payer);
  if (limited !== undefined) return limited;
  const { kind, nonce, expiresAt } = payment.proof;
  if (!(await options.backend.spendProof(kind, nonce, expiresAt)))
    return refuse('Payment invalid: this payment was already used; make a new one.');

  let write: ProvisionalWrite<Output>;
  try {
    write = await run(payment.payer);
  } catch (error) {
    await options.backend.releaseProof(kind, nonce);
    throw error;
  }

  const settled = await payment.settle();
  if (!settled.ok) {
    await write.withdraw();
    await options.backend.releaseProof(kind, nonce);
    return refuse(`Payment failed to settle: ${settled.reason}; nothing was stored.`);
  }
  await write.keep();
  return Response.json(write.output, { status: 200, headers: settled.headers });
}

/**
 * The 402 of a paid endpoint: x402 v2 in the `PAYMENT-REQUIRED` header, in the body the same
 * offer as x402 v1 reads it (v2 clients read the header, v1 clients the body), and the MPP
 * challenge in `WWW-Authenticate`.
 */
function paymentRequired(
  offer: X402Offer,
  resource: PaidResource,
  error: string,
  mppChallenge: string | undefined,
): Response {
  const v2: PaymentRequired = {
    x402Version: 2,
    error,
    resource: { url: resource.url, description: resource.description, mimeType: 'application/json' },
    accepts: [offer.v2],
  };
  const body = offer.v1 === undefined ? v2 : { x402Version: 1, error, accepts: [offer.v1] };
  return Response.json(body, {
    status: 402,
    headers: {
      'PAYMENT-REQUIRED': encodePaymentRequiredHeader(v2),
      ...(mppChallenge === undefined ? {} : { 'WWW-Authenticate': mppChallenge }),
      'Cache-Control': 'no-store',
    },
  });
}
