import { z } from 'zod';

/** An http:// or https:// URL. */
export const HttpUrl = z.url({
  protocol: /^https?$/,
  error: (issue) => (issue.input === undefined ? 'is required' : 'must be an http:// or https:// URL'),
});

const EvmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address');
/** A secp256k1 private key as hex; the message never echoes the value. */
export const PrivateKey = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key');

/** Base mainnet and its USDC: where the gateway is paid unless told otherwise. */
export const BASE_MAINNET_USDC = {
  network: 'eip155:8453',
  asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  assetName: 'USD Coin',
  assetVersion: '2',
} as const;

/**
 * The Tempo chains known by id, each with its USD stablecoin and public node: mainnet with USDC,
 * where MPP payments (method `tempo`, intent `charge`) settle unless told otherwise, and the
 * Moderato testnet with pathUSD. TIP-20 stablecoins all have 6 decimals. Any other chain needs
 * its token and node named.
 */
export const TEMPO_MAINNET_CHAIN_ID = 4217;
export const KNOWN_TEMPO_CHAINS: Readonly<Record<number, { currency: string; rpcUrl: string }>> = {
  [TEMPO_MAINNET_CHAIN_ID]: {
    currency: '0x20C000000000000000000000b9537d11c60E8b50',
    rpcUrl: 'https://rpc.tempo.xyz',
  },
  42431: { currency: '0x20c0000000000000000000000000000000000000', rpcUrl: 'https://rpc.moderato.tempo.xyz' },
};

/** A Tempo chain id, from a number or its decimal text. */
export const TempoChainId = z.coerce
  .number({ error: 'must be a chain id (a whole number)' })
  .int('must be a chain id (a whole number)')
  .positive('must be a chain id (a whole number)');

const RpcUrl = z.url({
  protocol: /^(https?|wss?)$/,
  error: (issue) => (issue.input === undefined ? 'is required' : 'must be an http(s):// or ws(s):// URL'),
});

/**
 * How the gateway is paid. Everything that differs between Base
 * mainnet, a testnet and a local chain is here, read from the configuration, never from code.
 */
export const PaymentSettings = z.object({
  payTo: EvmAddress.describe('The wallet that receives payments.'),
  x402: z.object({
    network: z.string().regex(/^eip155:\d+$/, 'must be a CAIP-2 EVM network such as eip155:8453'),
    asset: EvmAddress.describe('The EIP-3009 token paid in (USDC).'),
    assetName: z.string().min(1).describe('The token’s EIP-712 domain name.'),
    assetVersion: z.string().min(1).describe('The token’s EIP-712 domain version.'),
    maxTimeoutSeconds: z.number().int().positive(),
  }),
  facilitator: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('remote'), url: HttpUrl }),
    z.object({
      kind: z.literal('built-in'),
      privateKey: PrivateKey.describe('Pays the gas of settlement; never logged.'),
      rpcUrl: RpcUrl,
    }),
  ]),
  /** MPP, offered beside x402 on every paid 402 when present. */
  mpp: z
    .object({
      chainId: TempoChainId.describe('The Tempo chain the charge settles on.'),
      currency: EvmAddress.describe('The TIP-20 token paid in.'),
      decimals: z.number().int().min(6, 'must be at least 6: prices are in micro-USD').max(18),
      rpcUrl: RpcUrl.describe('The Tempo node the payer’s signed transfer is broadcast to.'),
      secretKey: z
        .string()
        .min(32, 'must be at least 32 characters')
        .describe(
          'Binds each challenge to its contents (HMAC), so a credential cannot rewrite it; never logged.',
        ),
      feePayerKey: PrivateKey.optional().describe(
        'Pays the Tempo fee of each charge, so the payer pays the price and nothing more; never logged.',
      ),
    })
    .optional(),
});
export type PaymentSettings = z.infer<typeof PaymentSettings>;
