import type { PaymentRequirements, PaymentRequirementsV1 } from '@x402/core/types';
import type { MicroUsd } from '../gateway-prices.js';
import type { PaymentSettings } from '../payment-settings.js';
import { v1NetworkName } from './v1-network-name.js';

/**
 * What one paid request costs, as x402 v2 and (where the chain has a v1 name) v1 requirements,
 * and the resource it is offered for.
 */
export type X402Offer = {
  v2: PaymentRequirements;
  v1: PaymentRequirementsV1 | undefined;
  resource: PaidResource;
};

export type PaidResource = { url: string; description: string };

/** The `exact` EIP-3009 payment of `price` to the payee, in the configured token and network. */
export function x402Offer(settings: PaymentSettings, price: MicroUsd, resource: PaidResource): X402Offer {
  const { x402, payTo } = settings;
  const extra = { name: x402.assetName, version: x402.assetVersion };
  const v2: PaymentRequirements = {
    scheme: 'exact',
    network: x402.network as PaymentRequirements['network'],
    asset: x402.asset,
    amount: price.toString(),
    payTo,
    maxTimeoutSeconds: x402.maxTimeoutSeconds,
    extra,
  };
  const v1Name = v1NetworkName(Number(x402.network.slice('eip155:'.length)));
  const v1: PaymentRequirementsV1 | undefined =
    v1Name === undefined
      ? undefined
      : {
          scheme: 'exact',
          network: v1Name as PaymentRequirementsV1['network'],
          maxAmountRequired: price.toString(),
          resource: resource.url,
          description: resource.description,
          mimeType: 'application/json',
          outputSchema: {},
          payTo,
          maxTimeoutSeconds: x402.maxTimeoutSeconds,
          asset: x402.asset,
          extra,
        };
  return { v2, v1, resource };
}
