import { CHAT_PRICES, formatUsd } from '../../payments/gateway-prices.js';
import type { PaymentSettings } from '../../payments/payment-settings.js';
import type { GatewayRoute } from './gateway-routes.js';

/** The `x-payment-info` of a paid operation in /openapi.json: its price rule and how to pay. */
export function paymentInfo(route: Extract<GatewayRoute, { access: 'paid' }>, payments: PaymentSettings) {
  const bounds =
    route.path === '/chat'
      ? { min: formatUsd(CHAT_PRICES.minimal), max: formatUsd(CHAT_PRICES.max) }
      : { min: '0.001', max: '5.00' };
  return {
    price: { currency: 'USD', mode: 'dynamic', rule: route.priceRule, ...bounds },
    protocols: [
      {
        protocol: 'x402',
        versions: [2, 1],
        scheme: 'exact',
        network: payments.x402.network,
        asset: payments.x402.asset,
        payTo: payments.payTo,
      },
      ...(payments.mpp === undefined
        ? []
        : [
            {
              protocol: 'mpp',
              method: 'tempo',
              intent: 'charge',
              chainId: payments.mpp.chainId,
              currency: payments.mpp.currency,
              recipient: payments.payTo,
            },
          ]),
    ],
  };
}
