import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Hex only, in fixed widths: an EIP-4361 nonce must be alphanumeric, so it has no separators.
const NONCE = /^([0-9a-f]{32})([0-9a-f]{12})([0-9a-f]{64})$/;

export type SignInNonceCheck = { ok: true; expiresAt: Date } | { ok: false; reason: string };

/**
 * A sign-in nonce that the gateway can later recognise as its own without keeping it anywhere:
 * a random part, the time it lapses, and an HMAC of both and of the endpoint's URL under the
 * gateway's secret. Gateways that share the secret accept each other's nonces.
 */
export function issueSignInNonce(secret: string, resourceUrl: string, expiresAt: Date): string {
  const random = randomBytes(16).toString('hex');
  const expiry = expiresAt.getTime().toString(16).padStart(12, '0');
  return `${random}${expiry}${mac(secret, random, expiry, resourceUrl)}`;
}

/**
 * Whether `nonce` was issued under `secret` for `resourceUrl` and has not lapsed, and when it
 * lapses. It says nothing about whether it was used already: that is `spendProof`'s job.
 */
export function checkSignInNonce(
  secret: string,
  resourceUrl: string,
  nonce: string,
  now = Date.now(),
): SignInNonceCheck {
  const [, random = '', expiry = '', given = ''] = NONCE.exec(nonce) ?? [];
  const expected = mac(secret, random, expiry, resourceUrl);
  if (given === '' || !timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'))) {
    return {
      ok: false,
      reason:
        'invalid_siwx_nonce: the nonce was not issued by this gateway for this endpoint; sign the challenge of its 402',
    };
  }
  const expiresAt = Number.parseInt(expiry, 16);
  if (expiresAt <= now) {
    return { ok: false, reason: 'invalid_siwx_nonce: the nonce has expired; sign a new challenge' };
  }
  return { ok: true, expiresAt: new Date(expiresAt) };
}

const mac = (secret: string, random: string, expiry: string, resourceUrl: string) =>
  createHmac('sha256', secret)
    .update(`peermem sign-in nonce\n${random}\n${expiry}\n${resourceUrl}`)
    .digest('hex');
