import { x402Client, x402HTTPClient } from '@x402/core/client';
import type { PaymentRequired, PaymentRequirementsV1 } from '@x402/core/types';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { EVM_NETWORK_CHAIN_ID_MAP } from '@x402/evm/v1';
import type { PrivateKeyAccount } from 'viem/accounts';
import { BASE_MAINNET_USDC } from '../payments/payment-settings.js';
import type { X402Offers } from './payment-required.js';
import { type PreparedPayment, paymentFailed } from './prepared-payment.js';
import type { MicroUsd, PaymentMethod, SpendingLedger } from './spending-ledger.js';

/** A token the wallet pays x402 offers in: USDC of Base, and any the configuration names. */
export type X402Asset = { network: string; asset: string };

/**
 * Pays x402 offers with the `exact` scheme: v2 when the upstream offers it, v1 when that is all
 * it offers. The price is counted in the ledger before anything is signed.
 */
export class X402Payer {
  private readonly x402: x402Client;
  private readonly http: x402HTTPClient;

  constructor(
    account: PrivateKeyAccount,
    private readonly ledger: SpendingLedger,
    private readonly assets: readonly X402Asset[] = [],
  ) {
    // The spending policy is checked before signing (ledger.reserve); the library's own cap stays off.
    this.x402 = registerExactEvmScheme(new x402Client(), { signer: account }).setSpendControls(false);
    this.http = new x402HTTPClient(this.x402);
  }

  /**
   * Reserves and signs the payment of an offer the wallet pays, or returns nothing, having done
   * nothing, when none fits. Throws, with the reservation released, when signing fails.
   */
  async prepare(path: string, offers: X402Offers): Promise<PreparedPayment | undefined> {
    const offer = this.offer(offers);
    if (offer === undefined) return undefined;
    const { amount, method, required } = offer;
    const reservation = await this.ledger.reserve(path, amount, method);
    try {
      const payload = await this.x402.createPaymentPayload(required);
      return { headers: this.http.encodePaymentSignatureHeader(payload), amount, reservation, method };
    } catch (error) {
      await this.ledger.released(reservation);
      throw paymentFailed(path, error);
    }
  }

  /**
   * The x402 offer to pay, with the `exact` scheme in a token the wallet pays in: one of v2 when
   * there is one, else one of v1 (which names its chain by name and its price maxAmountRequired).
   */
  private offer(
    offers: X402Offers,
  ): { amount: MicroUsd; method: PaymentMethod; required: PaymentRequired } | undefined {
    const v2 = offers.v2?.accepts.find(
      (accept) =>
        /^\d+$/.test(String(accept.amount)) && this.pays(accept.scheme, accept.network, accept.asset),
    );
    if (offers.v2 !== undefined && v2 !== undefined) {
      return {
        amount: BigInt(v2.amount),
        method: { protocol: 'x402 v2', network: v2.network, asset: v2.asset },
        required: { ...offers.v2, accepts: [v2] },
      };
    }
    for (const accept of offers.v1?.accepts ?? []) {
      const network = v1Network(accept);
      if (!/^\d+$/.test(String(accept.maxAmountRequired)) || network === undefined) continue;
      if (!this.pays(accept.scheme, network, accept.asset)) continue;
      return {
        amount: BigInt(accept.maxAmountRequired),
        method: { protocol: 'x402 v1', network, asset: accept.asset },
        // The library takes a v1 offer where it takes v2 (its own HTTP client reads one so),
        // and answers with a v1 payload, which goes in X-PAYMENT.
        required: { x402Version: 1, accepts: [accept] } as unknown as PaymentRequired,
      };
    }
    return undefined;
  }

  /** Whether the wallet pays with `scheme` in `asset` on `network` (CAIP-2). */
  private pays(scheme: string, network: string, asset: string): boolean {
    const allowed = [BASE_MAINNET_USDC, ...this.assets];
    return (
      scheme === 'exact' &&
      allowed.some(
        (known) => known.network === network && known.asset.toLowerCase() === String(asset).toLowerCase(),
      )
    );
  }
}

/** The CAIP-2 id of the chain a v1 offer names (v1 predates CAIP-2: "base" is eip155:8453). */
function v1Network(accept: PaymentRequirementsV1): string | undefined {
  const chainId = (EVM_NETWORK_CHAIN_ID_MAP as Record<string, number | undefined>)[accept.network];
  return chainId === undefined ? undefined : `eip155:${chainId}`;
}
