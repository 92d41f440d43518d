import { buildSIWxSchema, SIGN_IN_WITH_X, type SIWxExtension } from '@x402/extensions/sign-in-with-x';
import { issueSignInNonce } from './sign-in-nonce.js';

/** How long a sign-in may be used after it was issued. */
export const SIGN_IN_LIFETIME_MS = 5 * 60 * 1000;

/**
 * The `sign-in-with-x` extension a 402 advertises: for the client to sign, a nonce this gateway
 * issued for `resourceUrl` (and only it), and a validity window, bound to this gateway's domain.
 * Any EVM chain id is accepted: the identity is the address, and an EIP-191 signature does not
 * depend on the chain.
 */
export function signInChallenge(
  publicUrl: URL,
  resourceUrl: string,
  chains: readonly string[],
  secret: string,
): Record<string, SIWxExtension> {
  const issuedAt = new Date();
  const expiresAt = new Date(issuedAt.getTime() + SIGN_IN_LIFETIME_MS);
  return {
    [SIGN_IN_WITH_X]: {
      info: {
        domain: publicUrl.host,
        uri: resourceUrl,
        statement: 'Sign in to your private memory. Each signature is good for one request.',
        version: '1',
        nonce: issueSignInNonce(secret, resourceUrl, expiresAt),
        issuedAt: issuedAt.toISOString(),
        expirationTime: expiresAt.toISOString(),
      },
      supportedChains: chains.map((chainId) => ({ chainId, type: 'eip191' as const })),
      schema: buildSIWxSchema(),
    },
  };
}
