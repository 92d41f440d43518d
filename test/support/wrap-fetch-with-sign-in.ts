import { decodePaymentRequiredHeader } from '@x402/core/http';
import {
  createSIWxPayload,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
} from '@x402/extensions/sign-in-with-x';
import type { LocalAccount } from 'viem/accounts';

/**
 * A `fetch` that signs in with `account` when a 402 asks for it: it signs the advertised
 * CAIP-122 message (EIP-4361 text, EIP-191 signature) and sends the request once more with
 * `SIGN-IN-WITH-X`. Written here rather than taken from @x402/extensions, whose wrapper only
 * signs when the 402 also offers a payment, while a free endpoint's 402 offers none
 * (`accepts: []`).
 */
export function wrapFetchWithSignIn(baseFetch: typeof fetch, account: LocalAccount): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const retry = request.clone();
    const response = await baseFetch(request);
    const header = response.status === 402 ? response.headers.get('PAYMENT-REQUIRED') : null;
    if (header === null) return response;
    const challenge = decodePaymentRequiredHeader(header).extensions?.[SIGN_IN_WITH_X] as
      | SIWxExtension
      | undefined;
    const chain = challenge?.supportedChains.find((candidate) => candidate.chainId.startsWith('eip155:'));
    if (challenge === undefined || chain === undefined || retry.headers.has(SIGN_IN_WITH_X)) return response;
    const payload = await createSIWxPayload(
      { ...challenge.info, chainId: chain.chainId, type: chain.type },
      account,
      request.url,
    );
    retry.headers.set(SIGN_IN_WITH_X, encodeSIWxHeader(payload));
    return baseFetch(retry);
  };
}
