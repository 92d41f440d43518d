import type { PrivateKeyAccount } from 'viem/accounts';
import { TEMPO_MAINNET_CHAIN_ID } from '../payments/payment-settings.js';
import { checkMppChallenge, createMppClient } from '../wallet/pay-with-mpp.js';
import { type PreparedPayment, paymentFailed } from './prepared-payment.js';
import type { PaymentMethod, SpendingLedger } from './spending-ledger.js';

/** MPP settings: Tempo nodes by chain id, and TIP-20 tokens beyond Tempo's stablecoins paid in. */
export type MppPayerOptions = { rpcUrls?: Record<number, string>; currencies?: readonly string[] };

/** Whether a 402 offers MPP (its challenge is a `WWW-Authenticate: Payment` header). */
export const offersMpp = (response: Response): boolean =>
  response.headers.get('www-authenticate')?.startsWith('Payment') === true;

/**
 * Pays an MPP challenge on Tempo: reads and checks the challenge, counts its price in the ledger,
 * and only then signs the credential.
 */
export class MppPayer {
  constructor(
    private readonly account: PrivateKeyAccount,
    private readonly ledger: SpendingLedger,
    private readonly options: MppPayerOptions = {},
  ) {}

  /**
   * The payment of the MPP challenge in `response` for a POST of `json` to `path`. Throws, having
   * paid nothing and with any reservation released, when it cannot be made.
   */
  async prepare(path: string, json: string, response: Response): Promise<PreparedPayment> {
    const client = createMppClient(this.account, {
      ...(this.options.rpcUrls ? { rpcUrls: this.options.rpcUrls } : {}),
    });
    const init: RequestInit = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: json,
    };
    let prepared: Awaited<ReturnType<typeof client.preparePayment>>;
    let amount: bigint;
    let currency: string;
    try {
      prepared = await client.preparePayment(response.clone(), { request: init } as never);
      ({ amount, currency } = checkMppChallenge(prepared.challenge.request, {
        // The spending policy (reserve, below) is the limit, with its own message.
        maxAmount: BigInt(Number.MAX_SAFE_INTEGER),
        ...(this.options.currencies ? { allowedCurrencies: this.options.currencies } : {}),
      }));
    } catch (error) {
      throw paymentFailed(path, error);
    }
    const { chainId = TEMPO_MAINNET_CHAIN_ID } =
      (prepared.challenge.request as { methodDetails?: { chainId?: number } }).methodDetails ?? {};
    const method: PaymentMethod = { protocol: 'mpp', network: `eip155:${chainId}`, asset: currency };
    const reservation = await this.ledger.reserve(path, amount, method);
    try {
      const credential = await prepared.createCredential();
      const headers = new Headers(prepared.setCredential(init, credential).headers);
      return {
        headers: { authorization: headers.get('authorization') ?? '' },
        amount,
        reservation,
        method,
      };
    } catch (error) {
      await this.ledger.released(reservation);
      throw paymentFailed(path, error);
    }
  }
}
