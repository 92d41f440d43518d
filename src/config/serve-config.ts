import { randomBytes } from 'node:crypto';
import { DEFAULT_PLATFORM_RATE_LIMIT, DEFAULT_RATE_LIMITS } from '../http/rate-limiter.js';
import {
  BASE_MAINNET_USDC,
  KNOWN_TEMPO_CHAINS,
  TEMPO_MAINNET_CHAIN_ID,
} from '../payments/payment-settings.js';
import { describeSetting } from '../settings-flags.js';
import { ConfigError } from './config-error.js';
import { defaultOf, type Pick } from './parse-flags.js';
import type { From } from './setting-value.js';

/**
 * The gateway's payment settings: Base mainnet USDC unless told otherwise, and a facilitator by
 * URL or the built-in one. Keys come from the environment only: a flag would show in `ps`.
 */
export function paymentSettings(pick: Pick, from: From) {
  const facilitatorKey = pick('PEERMEM_FACILITATOR_PRIVATE_KEY') || undefined;
  return {
    payTo: from('pay-to'),
    x402: {
      network: from('x402-network', (network) => network ?? BASE_MAINNET_USDC.network),
      asset: from('x402-asset', (asset) => asset ?? BASE_MAINNET_USDC.asset),
      assetName: from('x402-asset-name', (name) => name ?? BASE_MAINNET_USDC.assetName),
      assetVersion: from('x402-asset-version', (version) => version ?? BASE_MAINNET_USDC.assetVersion),
      maxTimeoutSeconds: 300,
    },
    facilitator:
      facilitatorKey === undefined
        ? { kind: 'remote', url: pick('facilitator-url') }
        : {
            kind: 'built-in',
            privateKey: from('PEERMEM_FACILITATOR_PRIVATE_KEY'),
            rpcUrl: from('rpc-url'),
          },
    mpp: mppSettings(pick, from),
  };
}

/** The Tempo chain `--mpp-chain-id` names, when peermem knows its token and node. */
export function knownTempoChain(pick: Pick) {
  return KNOWN_TEMPO_CHAINS[Number(pick('mpp-chain-id') ?? TEMPO_MAINNET_CHAIN_ID)];
}

/**
 * MPP on Tempo mainnet USDC unless told otherwise, or off. Without PEERMEM_MPP_SECRET_KEY each
 * process binds challenges with a random key of its own: a challenge is then paid at the process
 * that issued it, and outstanding ones lapse on restart. Servers behind one load balancer share
 * the key.
 */
function mppSettings(pick: Pick, from: From) {
  const mpp = String(pick('mpp') ?? defaultOf('mpp')).toLowerCase();
  if (['off', 'false', '0', 'no'].includes(mpp)) return undefined;
  if (!['on', 'true', '1', 'yes'].includes(mpp))
    throw new ConfigError(`${describeSetting('mpp')}: must be on or off`);
  const feePayerKey = pick('PEERMEM_MPP_FEE_PAYER_PRIVATE_KEY') || undefined;
  const known = knownTempoChain(pick);
  return {
    chainId: from('mpp-chain-id', (id) => id ?? TEMPO_MAINNET_CHAIN_ID),
    currency: from('mpp-currency', (currency) => currency ?? known?.currency),
    decimals: 6,
    rpcUrl: from('mpp-rpc-url', (url) => url ?? known?.rpcUrl),
    secretKey: from('PEERMEM_MPP_SECRET_KEY', (key) => key || randomBytes(32).toString('hex')),
    ...(feePayerKey === undefined ? {} : { feePayerKey: from('PEERMEM_MPP_FEE_PAYER_PRIVATE_KEY') }),
  };
}

/** The gateway's limits per wallet, and per client IP before sign-in or payment; `0` turns one off. */
export function rateLimitSettings(from: From) {
  return {
    wallet: {
      requestsPerSecond: from('rate-limit', (limit) => limit || DEFAULT_RATE_LIMITS.wallet.requestsPerSecond),
      burst: from('rate-limit-burst', (burst) => burst || DEFAULT_RATE_LIMITS.wallet.burst),
    },
    ip: {
      requestsPerSecond: from('ip-rate-limit', (limit) => limit || DEFAULT_RATE_LIMITS.ip.requestsPerSecond),
      burst: from('ip-rate-limit-burst', (burst) => burst || DEFAULT_RATE_LIMITS.ip.burst),
    },
  };
}

/** The platform API's limit per API key. */
export function platformRateLimitSettings(from: From) {
  return {
    requestsPerSecond: from(
      'platform-rate-limit',
      (limit) => limit || DEFAULT_PLATFORM_RATE_LIMIT.requestsPerSecond,
    ),
    burst: from('platform-rate-limit-burst', (burst) => burst || DEFAULT_PLATFORM_RATE_LIMIT.burst),
  };
}
