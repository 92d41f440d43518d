import type { X402Payment } from './read-x402-payment.js';
import type { X402Offer } from './x402-offer.js';

const sameAddress = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/**
 * Why a payment does not answer this request's offer (another resource, network, token, payee or
 * amount), or undefined when it does. The facilitator checks the signed authorization against the
 * offer too; this names the mismatch plainly before any call to it.
 */
export function x402PaymentMismatch(payment: X402Payment, offer: X402Offer): string | undefined {
  if (payment.version === 1) {
    if (offer.v1 === undefined) return `x402 v1 cannot pay on ${offer.v2.network}; use x402 v2`;
    if (payment.payload.scheme !== offer.v1.scheme) return `scheme must be ${offer.v1.scheme}`;
    if (payment.payload.network !== offer.v1.network) return `network must be ${offer.v1.network}`;
    return authorizationMismatch(payment.payload.payload, offer.v1.payTo, offer.v1.maxAmountRequired);
  }
  const { accepted, resource } = payment.payload;
  // A v2 payment names the resource it was offered for, as an MPP credential its route and a
  // sign-in its URL: one made for /messages does not pay for /chat at the same price. (A v1
  // payment names none: it is bound by its price, payee, token and network alone.)
  if (typeof resource?.url !== 'string')
    return 'it names no resource; an x402 v2 payment carries the resource of the PAYMENT-REQUIRED it answers';
  const paidFor = pathOf(resource.url);
  const offeredFor = pathOf(offer.resource.url);
  if (paidFor !== offeredFor)
    return `it was made for ${paidFor}, not ${offeredFor}; make a new payment with this endpoint's offer`;
  if (accepted.scheme !== offer.v2.scheme) return `scheme must be ${offer.v2.scheme}`;
  if (accepted.network !== offer.v2.network) return `network must be ${offer.v2.network}`;
  if (!sameAddress(accepted.asset, offer.v2.asset)) return `asset must be ${offer.v2.asset}`;
  if (!sameAddress(accepted.payTo, offer.v2.payTo)) return `payTo must be ${offer.v2.payTo}`;
  if (accepted.amount !== offer.v2.amount) return `amount must be exactly ${offer.v2.amount}`;
  return authorizationMismatch(payment.payload.payload, offer.v2.payTo, offer.v2.amount);
}

function authorizationMismatch(
  payload: Record<string, unknown>,
  payTo: string,
  amount: string,
): string | undefined {
  const authorization = payload.authorization as Record<string, unknown> | undefined;
  if (authorization === undefined) return 'the payment holds no EIP-3009 authorization';
  if (!sameAddress(authorization.to, payTo)) return `the authorization must pay ${payTo}`;
  if (String(authorization.value) !== amount) return `the authorization must be for exactly ${amount}`;
  return undefined;
}

/** The path of a resource URL, where a route is named; the text itself when it is not a URL. */
function pathOf(url: string): string {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // Not a URL: named as it is.
  }
  // The payer's text goes back in the refusal: a bounded piece of it.
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}
