import { Mppx, tempo } from 'mppx/client';
import type { LocalAccount } from 'viem';
import { TEMPO_PATH_USD, tempoClient } from '../payments/mpp/tempo-chain.js';
import { KNOWN_TEMPO_CHAINS, TEMPO_MAINNET_CHAIN_ID } from '../payments/payment-settings.js';

export type PayWithMppOptions = {
  /** Tempo nodes by chain id, beside the public nodes of the chains known. */
  rpcUrls?: Record<number, string>;
  /** The largest payment the wallet makes, in the currency's smallest unit. */
  maxAmount: bigint;
  /** TIP-20 tokens the wallet pays in beyond the known chains' stablecoins (a devnet's, say). */
  allowedCurrencies?: readonly string[];
};

/** The USD stablecoins of the Tempo chains known, pathUSD among them. */
const TEMPO_STABLECOINS = [
  TEMPO_PATH_USD,
  ...Object.values(KNOWN_TEMPO_CHAINS).map((chain) => chain.currency),
];

/**
 * Wraps `fetch` so that a 402 carrying an MPP challenge (method `tempo`, intent `charge`) is
 * paid: the wallet signs the transfer the challenge asks for and sends the request again with
 * `Authorization: Payment`; the server broadcasts the transfer (pull mode). A challenge asking
 * for more than `maxAmount`, or in a token not allowed, is refused before anything is signed.
 */
export function payWithMpp(
  inner: typeof fetch,
  account: LocalAccount,
  options: PayWithMppOptions,
): typeof fetch {
  const rpcUrls: Record<number, string> = {
    ...Object.fromEntries(Object.entries(KNOWN_TEMPO_CHAINS).map(([id, chain]) => [id, chain.rpcUrl])),
    ...options.rpcUrls,
  };
  const clientFor = ({ chainId = TEMPO_MAINNET_CHAIN_ID }: { chainId?: number | undefined }) => {
    const rpcUrl = rpcUrls[chainId];
    if (rpcUrl === undefined)
      throw new Error(
        `MPP: no Tempo node known for chain ${chainId}; set --mpp-rpc-url (PEERMEM_MPP_RPC_URL)`,
      );
    return tempoClient(chainId, rpcUrl);
  };
  const currencies = new Set(
    [...TEMPO_STABLECOINS, ...(options.allowedCurrencies ?? [])].map((currency) => currency.toLowerCase()),
  );
  const mppx = Mppx.create({
    methods: [tempo.charge({ account, mode: 'pull', getClient: clientFor })],
    polyfill: false,
    fetch: inner,
    async onChallenge(challenge, { createCredential }) {
      const request = challenge.request as { amount?: string; currency?: string };
      if (!currencies.has(String(request.currency).toLowerCase()))
        throw new Error(
          `MPP: the gateway asks to be paid in ${request.currency}, a token this wallet does not pay in`,
        );
      if (!/^\d+$/.test(request.amount ?? ''))
        throw new Error(`MPP: the gateway asks for an amount that is not a whole number of base units`);
      const amount = BigInt(request.amount as string);
      if (amount > options.maxAmount) {
        throw new Error(
          `MPP: the gateway asks for ${amount} base units, more than this wallet pays at once (${options.maxAmount})`,
        );
      }
      return createCredential();
    },
  });
  return mppx.fetch as typeof fetch;
}
