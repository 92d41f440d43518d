import type { PaymentSettings } from '../payments/payment-settings.js';
import type { Devnet } from './start-devnet.js';

/** Gateway payment settings for a devnet: its USDC, its payee, the built-in facilitator on its RPC. */
export function devnetPaymentSettings(
  devnet: Devnet,
  facilitatorKey = devnet.facilitator.privateKey,
): PaymentSettings {
  return {
    payTo: devnet.payee.address,
    x402: {
      network: devnet.network,
      asset: devnet.usdc.address,
      assetName: devnet.usdc.name,
      assetVersion: devnet.usdc.version,
      maxTimeoutSeconds: 300,
    },
    facilitator: { kind: 'built-in', privateKey: facilitatorKey, rpcUrl: devnet.rpcUrl },
  };
}
