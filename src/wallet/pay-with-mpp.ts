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
 * The MPP client of `account`: Tempo `charge` in pull mode, on the Tempo nodes known and those
 * of `options.rpcUrls`. `onChallenge` decides whether a challenge is paid.
 */
export function createMppClient(
  account: LocalAccount,
  options: Pick<PayWithMppOptions, 'rpcUrls'>,
  inner: typeof fetch = fetch,
  onChallenge?: (challenge: { request: unknown }, createCredential: () => Promise<string>) => Promise<string>,
) {
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
  return Mppx.create({
    methods: [tempo.charge({ account, mode: 'pull', getClient: clientFor })],
    polyfill: false,
    fetch: inner,
    ...(onChallenge === undefined
      ? {}
      : {
          onChallenge: (challenge, { createCredential }) => onChallenge(challenge, () => createCredential()),
        }),
  });
}

/**
 * The amount an MPP challenge asks for, in base units, once its currency is one the wallet pays
 * in and the amount is within `maxAmount`; throws before anything is signed otherwise.
 */
export function checkMppChallenge(
  request: unknown,
  options: Pick<PayWithMppOptions, 'maxAmount' | 'allowedCurrencies'>,
): { amount: bigint; currency: string } {
  const { amount: asked, currency } = request as { amount?: string; currency?: string };
  const currencies = new Set(
    [...TEMPO_STABLECOINS, ...(options.allowedCurrencies ?? [])].map((known) => known.toLowerCase()),
  );
  if (!currencies.has(String(currency).toLowerCase()))
    throw new Error(`MPP: the gateway asks to be paid in ${currency}, a token this wallet does not pay in`);
  if (!/^\d+$/.test(asked ?? ''))
    throw new Error(`MPP: the gateway asks for an amount that is not a whole number of base units`);
  const amount = BigInt(asked as string);
  if (amount > options.maxAmount) {
    throw new Error(
      `MPP: the gateway asks for ${amount} base units, more than this wallet pays at once (${options.maxAmount})`,
    );
  }
  return { amount, currency: String(currency) };
}
