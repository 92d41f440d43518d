import { parseSIWxHeader, validateSIWxMessage, verifySIWxSignature } from '@x402/extensions/sign-in-with-x';
import { getAddress } from 'viem';
import type { GatewayBackend } from '../../service/gateway-backend.js';
import { SIGN_IN_LIFETIME_MS } from './sign-in-challenge.js';

export type SignInResult = { ok: true; address: string } | { ok: false; reason: string };

/**
 * Checks a `SIGN-IN-WITH-X` header: a CAIP-122 message for this gateway's domain, issued less
 * than five minutes ago and not expired, signed by the address it names (EIP-191), with a nonce
 * never seen before. The nonce is spent here, so the same header is refused the second time.
 */
export async function verifySignIn(
  header: string,
  publicUrl: URL,
  proofs: Pick<GatewayBackend, 'spendProof'>,
): Promise<SignInResult> {
  let payload: ReturnType<typeof parseSIWxHeader>;
  try {
    payload = parseSIWxHeader(header);
  } catch {
    return { ok: false, reason: 'the sign-in header is not base64 JSON of a CAIP-122 message' };
  }
  if (!payload.chainId.startsWith('eip155:')) {
    return { ok: false, reason: `sign-in on ${payload.chainId} is not supported; sign with an EVM wallet` };
  }
  const validity = await validateSIWxMessage(payload, publicUrl, { maxAge: SIGN_IN_LIFETIME_MS });
  if (!validity.isValid)
    return { ok: false, reason: `${validity.invalidReason}: ${validity.invalidMessage}` };
  const signature = await verifySIWxSignature(payload);
  if (!signature.isValid)
    return { ok: false, reason: `${signature.invalidReason}: ${signature.invalidMessage}` };

  const issuedAt = Date.parse(payload.issuedAt);
  const expiresAt = new Date(
    Math.min(
      issuedAt + SIGN_IN_LIFETIME_MS,
      payload.expirationTime ? Date.parse(payload.expirationTime) : Infinity,
    ),
  );
  if (!(await proofs.spendProof('siwx', payload.nonce, expiresAt))) {
    return { ok: false, reason: 'invalid_siwx_nonce: this sign-in was already used; sign a new one' };
  }
  return { ok: true, address: getAddress(signature.payer) };
}
