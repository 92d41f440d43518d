import { parseSIWxHeader, validateSIWxMessage, verifySIWxSignature } from '@x402/extensions/sign-in-with-x';
import { getAddress } from 'viem';
import type { GatewayBackend } from '../../service/gateway-backend.js';
import { SIGN_IN_LIFETIME_MS } from './sign-in-challenge.js';
import { checkSignInNonce } from './sign-in-nonce.js';

export type SignInResult = { ok: true; address: string } | { ok: false; reason: string };

export type SignInExpectation = {
  /** The gateway's public URL: a sign-in names its host as the domain. */
  publicUrl: URL;
  /** The URL of the endpoint called: a sign-in names it as its `uri`, and its nonce was issued for it. */
  resourceUrl: string;
  /** The secret the gateway's nonces are made with. */
  secret: string;
};

/**
 * Checks a `SIGN-IN-WITH-X` header: a CAIP-122 message for this gateway's domain and for the
 * endpoint called, issued less than five minutes ago and not expired, with a nonce this gateway
 * issued for that endpoint, signed by the address it names (EIP-191). The nonce is spent here,
 * so the same header is refused the second time.
 */
export async function verifySignIn(
  header: string,
  expected: SignInExpectation,
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
  const validity = await validateSIWxMessage(payload, expected.publicUrl, { maxAge: SIGN_IN_LIFETIME_MS });
  if (!validity.isValid)
    return { ok: false, reason: `${validity.invalidReason}: ${validity.invalidMessage}` };
  // A sign-in made for one endpoint must not open another (one for /peers deleting a session).
  if (payload.uri !== expected.resourceUrl) {
    return {
      ok: false,
      reason: `invalid_siwx_uri_mismatch: this sign-in is for ${payload.uri}, not ${expected.resourceUrl}; sign the challenge of this endpoint's 402`,
    };
  }
  const nonce = checkSignInNonce(expected.secret, expected.resourceUrl, payload.nonce);
  if (!nonce.ok) return nonce;
  const signature = await verifySIWxSignature(payload);
  if (!signature.isValid)
    return { ok: false, reason: `${signature.invalidReason}: ${signature.invalidMessage}` };

  if (!(await proofs.spendProof('siwx', payload.nonce, nonce.expiresAt))) {
    return { ok: false, reason: 'invalid_siwx_nonce: this sign-in was already used; sign a new one' };
  }
  return { ok: true, address: getAddress(signature.payer) };
}
