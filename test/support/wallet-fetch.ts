import type { SpendControlAsset } from '@x402/core/client';
import { x402Client } from '@x402/core/client';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment } from '@x402/fetch';
import type { Hex, LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { checkMppChallenge, createMppClient, type PayWithMppOptions } from '../../src/wallet/pay-with-mpp.js';
import { wrapFetchWithSignIn } from './wrap-fetch-with-sign-in.js';

export type WalletFetchOptions = {
  /**
   * Tokens beyond the ones x402 knows (USDC on Base and the like) that the wallet may pay in,
   * each with an optional cap per payment in the token's smallest unit. Known tokens are capped
   * at 1 USD per payment.
   */
  allowedAssets?: SpendControlAsset[];
  /** The protocol that pays when a 402 offers both; x402 when absent. */
  payWith?: 'x402' | 'mpp';
  /** MPP: Tempo nodes by chain id, to prepare transfers with; Tempo mainnet's public node when absent. */
  tempoRpcUrls?: Record<number, string>;
  /** MPP: the largest payment, in the currency's smallest unit; 1 USD (1,000,000) when absent. */
  maxMppAmount?: bigint;
  /** MPP: TIP-20 tokens paid in beyond Tempo's USDC and pathUSD. */
  allowedMppCurrencies?: readonly string[];
  fetch?: typeof fetch;
};

/**
 * A `fetch` that answers the gateway's 402s, for tests and benchmarks that call the gateway as
 * any client would. It keeps no spending ledger: the package itself pays only through
 * `UpstreamClient` (remote mode, `peermem call`), within the spending policy.
 * It answers the 402s with the wallet of `privateKey`: it signs in
 * (SIWX) where a free endpoint asks for it, and pays where a paid one does, with x402 (`exact`,
 * EIP-3009) or MPP (a Tempo transfer the gateway broadcasts). Sign-in is the inner layer, so a
 * paid 402, which carries no sign-in challenge, passes through it to the payment layer.
 */
export function createWalletFetch(privateKey: Hex, options: WalletFetchOptions = {}): typeof fetch {
  const account = privateKeyToAccount(privateKey);
  const signedIn = wrapFetchWithSignIn(options.fetch ?? fetch, account);
  if (options.payWith === 'mpp') {
    return payWithMpp(signedIn, account, {
      maxAmount: options.maxMppAmount ?? 1_000_000n,
      ...(options.allowedMppCurrencies === undefined
        ? {}
        : { allowedCurrencies: options.allowedMppCurrencies }),
      ...(options.tempoRpcUrls === undefined ? {} : { rpcUrls: options.tempoRpcUrls }),
    });
  }
  const payments = registerExactEvmScheme(new x402Client(), { signer: account });
  if (options.allowedAssets !== undefined)
    payments.setSpendControls({ allowedAssets: options.allowedAssets });
  return wrapFetchWithPayment(signedIn, payments) as typeof fetch;
}

/**
 * Wraps `fetch` so that a 402 carrying an MPP challenge (method `tempo`, intent `charge`) is
 * paid: the wallet signs the transfer the challenge asks for and sends the request again with
 * `Authorization: Payment`; the server broadcasts the transfer (pull mode). A challenge asking
 * for more than `maxAmount`, or in a token not allowed, is refused before anything is signed.
 */
function payWithMpp(inner: typeof fetch, account: LocalAccount, options: PayWithMppOptions): typeof fetch {
  const mppx = createMppClient(account, options, inner, (challenge, createCredential) => {
    checkMppChallenge(challenge.request, options);
    return createCredential();
  });
  return mppx.fetch as typeof fetch;
}
