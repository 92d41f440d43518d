import { Mppx, tempo } from 'mppx/client';
import { createClient, http, type LocalAccount, webSocket } from 'viem';
import { tempoChain } from '../payments/mpp/tempo-chain.js';
import { TEMPO_MAINNET_USDC } from '../payments/payment-settings.js';

export type PayWithMppOptions = {
  /** Tempo nodes by chain id; Tempo mainnet's public node when absent. */
  rpcUrls?: Record<number, string>;
  /** The largest payment the wallet makes, in the currency's smallest unit. */
  maxAmount: bigint;
};

/**
 * Wraps `fetch` so that a 402 carrying an MPP challenge (method `tempo`, intent `charge`) is
 * paid: the wallet signs the transfer the challenge asks for and sends the request again with
 * `Authorization: Payment`; the server broadcasts the transfer (pull mode). A challenge asking
 * for more than `maxAmount` is refused before anything is signed.
 */
export function payWithMpp(
  inner: typeof fetch,
  account: LocalAccount,
  options: PayWithMppOptions,
): typeof fetch {
  const rpcUrls: Record<number, string> = {
    [TEMPO_MAINNET_USDC.chainId]: TEMPO_MAINNET_USDC.rpcUrl,
    ...options.rpcUrls,
  };
  const clientFor = ({ chainId = TEMPO_MAINNET_USDC.chainId }: { chainId?: number | undefined }) => {
    const rpcUrl = rpcUrls[chainId];
    if (rpcUrl === undefined)
      throw new Error(
        `MPP: no Tempo node known for chain ${chainId}; set --mpp-rpc-url (PEERMEM_MPP_RPC_URL)`,
      );
    const transport = /^wss?:/.test(rpcUrl) ? webSocket(rpcUrl) : http(rpcUrl);
    return createClient({ chain: tempoChain(chainId, rpcUrl), transport });
  };
  const mppx = Mppx.create({
    methods: [tempo.charge({ account, mode: 'pull', getClient: clientFor })],
    polyfill: false,
    fetch: inner,
    async onChallenge(challenge, { createCredential }) {
      const amount = BigInt((challenge.request as { amount?: string }).amount ?? '0');
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
