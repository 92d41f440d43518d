import type { PaymentSettings } from '../payments/payment-settings.js';
import type { Devnet } from './start-devnet.js';

/**
 * Gateway payment settings for a devnet: x402 in its USDC through the built-in facilitator on
 * its RPC, and MPP in pathUSD on its Tempo node; both pay its payee.
 */
export function devnetPaymentSettings(devnet: Devnet): PaymentSettings {
  return {
    payTo: devnet.payee.address,
    x402: {
      network: devnet.network,
      asset: devnet.usdc.address,
      assetName: devnet.usdc.name,
      assetVersion: devnet.usdc.version,
      maxTimeoutSeconds: 300,
    },
    facilitator: { kind: 'built-in', privateKey: devnet.facilitator.privateKey, rpcUrl: devnet.rpcUrl },
    mpp: {
      chainId: devnet.tempo.chainId,
      currency: devnet.tempo.currency.address,
      decimals: devnet.tempo.currency.decimals,
      rpcUrl: devnet.tempo.rpcUrl,
      secretKey: devnet.mppSecretKey,
      feePayerKey: devnet.tempo.feePayer.privateKey,
    },
  };
}
