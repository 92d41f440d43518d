import { encodePaymentRequiredHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import { signInChallenge } from '../../payments/siwx/sign-in-challenge.js';
import { verifySignIn } from '../../payments/siwx/verify-sign-in.js';
import type { GatewayBackend } from '../../service/gateway-backend.js';

export type SignInGateOptions = {
  backend: Pick<GatewayBackend, 'spendProof'>;
  publicUrl: URL;
  /** CAIP-2 chains a wallet may sign in from. */
  chains: readonly string[];
  /** Makes and checks the nonces of sign-in challenges; shared by the gateways behind one address. */
  signInSecret: string;
};

/**
 * The wallet that signed this request (`SIGN-IN-WITH-X`, or `X-SIWX` as the usage guidance
 * names it), or the 402 that tells the client how to sign in: the x402 `sign-in-with-x`
 * extension with nothing to pay (`accepts: []`).
 */
export async function requireSignIn(
  request: Request,
  resourceUrl: string,
  options: SignInGateOptions,
): Promise<{ address: string } | Response> {
  const header = request.headers.get('sign-in-with-x') ?? request.headers.get('x-siwx');
  if (header === null) {
    return authenticationRequired(
      resourceUrl,
      options,
      'Authentication required: send a SIGN-IN-WITH-X header.',
    );
  }
  const result = await verifySignIn(
    header,
    { publicUrl: options.publicUrl, resourceUrl, secret: options.signInSecret },
    options.backend,
  );
  if (!result.ok)
    return authenticationRequired(resourceUrl, options, `Authentication required: ${result.reason}`);
  return { address: result.address };
}

function authenticationRequired(resourceUrl: string, options: SignInGateOptions, error: string): Response {
  const paymentRequired: PaymentRequired = {
    x402Version: 2,
    error,
    resource: {
      url: resourceUrl,
      description: 'Sign in with your wallet; this endpoint is free.',
      mimeType: 'application/json',
    },
    accepts: [],
    extensions: signInChallenge(options.publicUrl, resourceUrl, options.chains, options.signInSecret),
  };
  return Response.json(paymentRequired, {
    status: 402,
    headers: {
      'PAYMENT-REQUIRED': encodePaymentRequiredHeader(paymentRequired),
      'Cache-Control': 'no-store',
    },
  });
}
