import type { X402Payment } from './read-x402-payment.js';

/**
 * The single-use key of an EIP-3009 payment (its authorizer and nonce: the token contract
 * accepts each pair once) and the time after which the authorization is void anyway.
 */
export function x402Proof(payment: X402Payment): { nonce: string; expiresAt: Date } | undefined {
  const authorization = (payment.payload.payload as { authorization?: Record<string, unknown> })
    .authorization;
  const { from, nonce, validBefore } = authorization ?? {};
  if (typeof from !== 'string' || typeof nonce !== 'string') return undefined;
  const seconds = Number(validBefore);
  if (!Number.isFinite(seconds)) return undefined;
  return {
    nonce: `${from.toLowerCase()}:${nonce.toLowerCase()}`,
    expiresAt: new Date(Math.min(seconds, 2 ** 40) * 1000),
  };
}
