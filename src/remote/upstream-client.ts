import { x402Client, x402HTTPClient } from '@x402/core/client';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import type { PaymentRequired, PaymentRequiredV1, PaymentRequirementsV1 } from '@x402/core/types';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { EVM_NETWORK_CHAIN_ID_MAP } from '@x402/evm/v1';
import {
  createSIWxPayload,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
} from '@x402/extensions/sign-in-with-x';
import { BaseError, type Hex } from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { BASE_MAINNET_USDC, TEMPO_MAINNET_CHAIN_ID } from '../payments/payment-settings.js';
import { GatewayError } from '../schemas/gateway.js';
import type { SpendingOutput } from '../schemas/spending.js';
import { MemoryError, UnavailableError } from '../service/errors.js';
import { checkMppChallenge, createMppClient } from '../wallet/pay-with-mpp.js';
import { describeNetworkError, networkCode } from './network-error.js';
import {
  formatUsd,
  type MicroUsd,
  type PaymentMethod,
  type SpendingLedger,
  spendingOutput,
} from './spending-ledger.js';

/** A token the wallet pays x402 offers in: USDC of Base, and any the configuration names. */
type X402Asset = { network: string; asset: string };

export type UpstreamClientOptions = {
  /** The gateway's root URL; its endpoints are under /api/memory. */
  upstream: string;
  privateKey: Hex;
  ledger: SpendingLedger;
  /** The protocol tried first when a 402 offers both; the other one is used when it alone fits. */
  payWith: 'x402' | 'mpp';
  /** x402 tokens beyond Base USDC that the wallet pays in (a devnet's USDC), each worth 1 USD. */
  x402Assets?: readonly X402Asset[];
  /** MPP: Tempo nodes by chain id, and TIP-20 tokens beyond Tempo's stablecoins paid in. */
  mpp?: { rpcUrls?: Record<number, string>; currencies?: readonly string[] };
  /**
   * How long a call may wait for the upstream before it is reported unreachable, retries
   * included (12 s); a request carrying a payment may wait longer (90 s), as settlement on a
   * chain takes seconds and the upstream has just answered.
   */
  deadlineMs?: number;
  paidDeadlineMs?: number;
  /** Where one line per payment is written (stderr). */
  log?: (line: string) => void;
  fetch?: typeof fetch;
};

/** A sign-in signed ahead of the call that will use it, for one endpoint. */
type PreparedSignIn = { header: string; expiresAt: number };

/** The sign-in challenges a prepared sign-in may be used until, less this margin. */
const PREPARED_MARGIN_MS = 30_000;
const RETRY_BASE_MS = 200;
const RETRY_MAX_MS = 2_000;
/** Attempts of one request: the waits between them add up to about 3 s. */
const MAX_ATTEMPTS = 5;

/**
 * Calls one upstream gateway with one wallet: signs in to the free endpoints (SIWX, a fresh
 * signature per call, the next one prepared ahead) and pays the paid ones (x402 v2, or v1 when
 * that is all the upstream offers, or MPP) within the spending policy, which is checked before
 * anything is signed. Network errors, 429 and 5xx are retried with backoff within a deadline; a
 * paid request is only ever retried with the payment it already carries, so no call is paid twice.
 */
export class UpstreamClient {
  readonly account: PrivateKeyAccount;
  readonly upstream: URL;
  private readonly x402: x402Client;
  private readonly http: x402HTTPClient;
  /** By endpoint: the next sign-in, being prepared or ready. */
  private readonly prepared = new Map<string, Promise<PreparedSignIn | undefined>>();
  private readonly fetch: typeof fetch;
  private readonly log: (line: string) => void;

  constructor(private readonly options: UpstreamClientOptions) {
    this.account = privateKeyToAccount(options.privateKey);
    this.upstream = new URL(options.upstream);
    // The spending policy is checked here before signing; the library's own cap stays off.
    this.x402 = registerExactEvmScheme(new x402Client(), { signer: this.account }).setSpendControls(false);
    this.http = new x402HTTPClient(this.x402);
    this.fetch = options.fetch ?? fetch;
    this.log = options.log ?? ((line) => console.error(line));
  }

  /** A free endpoint, signed in as the wallet. */
  async signed<Output>(path: string, body: unknown): Promise<Output> {
    const url = this.url(path);
    const json = JSON.stringify(body);
    const deadline = Date.now() + (this.options.deadlineMs ?? 12_000);
    const prepared = await this.takePrepared(path);
    let { response } = await this.send(url, json, prepared ? { [SIGN_IN_WITH_X]: prepared } : {}, deadline);
    if (response.status === 402) {
      const challenge = signInChallenge(response);
      if (challenge === undefined) throw this.unexpected(path, response);
      ({ response } = await this.send(
        url,
        json,
        { [SIGN_IN_WITH_X]: await this.signIn(challenge, url) },
        deadline,
      ));
      if (response.status === 402) {
        const reason = decodeRequired(response)?.error ?? 'no reason given';
        throw new MemoryError(
          'unavailable',
          `the upstream ${this.upstream.origin} refused the wallet's sign-in: ${reason}`,
          {
            hint: 'Check that the computer clock is right and that --upstream is the gateway’s public URL.',
          },
        );
      }
    }
    const output = await this.answer<Output>(path, response);
    this.prepareNext(path, url, json);
    return output;
  }

  /** A paid endpoint: asks the price, checks it against the policy, pays and sends once more. */
  async paid<Output>(path: string, body: unknown): Promise<Output> {
    const url = this.url(path);
    const json = JSON.stringify(body);
    const { response } = await this.send(url, json, {}, Date.now() + (this.options.deadlineMs ?? 12_000));
    if (response.status !== 402) return this.answer<Output>(path, response);
    const payment = await this.preparePayment(path, json, response);
    let outcome: Awaited<ReturnType<UpstreamClient['send']>>;
    try {
      outcome = await this.send(
        url,
        json,
        payment.headers,
        Date.now() + (this.options.paidDeadlineMs ?? 90_000),
      );
    } catch (error) {
      // Never answered: it may have been paid, so the reservation stands and nothing is re-signed.
      throw new UnavailableError(
        `the upstream ${this.upstream.origin} did not answer the paid call to ${path}; its payment of ${formatUsd(payment.amount)} USD may have been settled`,
        {
          hint: 'It is not paid again automatically. Check whether the call took effect (list_messages) before repeating it.',
          cause: error,
        },
      );
    }
    const { response: paidResponse, uncertain } = outcome;
    if (paidResponse.status === 200) {
      const transaction = paidTransaction(paidResponse.headers);
      // The call is done and paid: a ledger that cannot be written to is reported, not the call.
      try {
        await this.options.ledger.settled(payment.reservation, transaction);
        const today = await this.options.ledger.report();
        // x402 v2 is the usual case and goes unnamed; v1 and MPP are named.
        const protocol = payment.method.protocol === 'x402 v2' ? 'x402' : payment.method.protocol;
        this.log(
          `peermem: paid ${formatUsd(payment.amount)} USD for ${path} with ${protocol} (transaction ${transaction}); today ${formatUsd(today.total)} of ${formatUsd(this.options.ledger.policy.dailyBudget)} USD`,
        );
      } catch (error) {
        this.log(
          `peermem: paid ${formatUsd(payment.amount)} USD for ${path} (transaction ${transaction}), but the ledger ${this.options.ledger.file} could not record it: ${safeMessage(error)}`,
        );
      }
      return this.answer<Output>(path, paidResponse);
    }
    if (paidResponse.status === 402 && uncertain) {
      throw new UnavailableError(
        `the paid call to ${path} lost its answer and its payment was then refused as already used: it was probably settled (${formatUsd(payment.amount)} USD)`,
        {
          hint: 'It is not paid again automatically. Check whether the call took effect before repeating it.',
        },
      );
    }
    if (paidResponse.status < 500) await this.options.ledger.released(payment.reservation);
    if (paidResponse.status === 402) {
      const reason = (await readOffers(paidResponse)).error ?? 'no reason given';
      throw new MemoryError(
        'unavailable',
        `the upstream ${this.upstream.origin} refused the payment for ${path}: ${reason}`,
        {
          hint: 'Check the wallet’s balance (peermem wallet balance) and that it pays on the upstream’s chain.',
        },
      );
    }
    return this.answer<Output>(path, paidResponse);
  }

  /** What the wallet spent today through any process, its limits, and its last payments. */
  async spending(): Promise<SpendingOutput> {
    const { ledger } = this.options;
    return spendingOutput(await ledger.report(), ledger.policy, {
      wallet: this.account.address,
      upstream: this.upstream.href.replace(/\/$/, ''),
    });
  }

  private url(path: string): URL {
    return new URL(
      `api/memory${path}`,
      this.upstream.href.endsWith('/') ? this.upstream : `${this.upstream.href}/`,
    );
  }

  /**
   * Picks what to pay with from a 402, checks its price against the policy (and counts it in
   * the ledger), and only then signs. Throws, having signed nothing, when it does not fit.
   */
  private async preparePayment(
    path: string,
    json: string,
    response: Response,
  ): Promise<{
    headers: Record<string, string>;
    amount: MicroUsd;
    reservation: string;
    method: PaymentMethod;
  }> {
    const offers = await readOffers(response);
    const x402 = this.x402Offer(offers);
    const mpp = response.headers.get('www-authenticate')?.startsWith('Payment') === true;
    const order = this.options.payWith === 'mpp' ? ['mpp', 'x402'] : ['x402', 'mpp'];
    for (const protocol of order) {
      if (protocol === 'x402' && x402 !== undefined) {
        const { amount, method, required } = x402;
        const reservation = await this.options.ledger.reserve(path, amount, method);
        try {
          const payload = await this.x402.createPaymentPayload(required);
          return { headers: this.http.encodePaymentSignatureHeader(payload), amount, reservation, method };
        } catch (error) {
          await this.options.ledger.released(reservation);
          throw paymentFailed(path, error);
        }
      }
      if (protocol === 'mpp' && mpp) {
        const client = createMppClient(this.account, {
          ...(this.options.mpp?.rpcUrls ? { rpcUrls: this.options.mpp.rpcUrls } : {}),
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
            ...(this.options.mpp?.currencies ? { allowedCurrencies: this.options.mpp.currencies } : {}),
          }));
        } catch (error) {
          throw paymentFailed(path, error);
        }
        const { chainId = TEMPO_MAINNET_CHAIN_ID } =
          (prepared.challenge.request as { methodDetails?: { chainId?: number } }).methodDetails ?? {};
        const method: PaymentMethod = { protocol: 'mpp', network: `eip155:${chainId}`, asset: currency };
        const reservation = await this.options.ledger.reserve(path, amount, method);
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
          await this.options.ledger.released(reservation);
          throw paymentFailed(path, error);
        }
      }
    }
    const offered =
      [
        ...(offers.v2?.accepts ?? []).map((accept) => `${accept.asset} on ${accept.network}`),
        ...(offers.v2 === undefined ? (offers.v1?.accepts ?? []) : []).map(
          (accept) => `${accept.asset} on ${accept.network} (v1)`,
        ),
      ].join(', ') || 'none';
    throw new MemoryError(
      'unavailable',
      `the upstream ${this.upstream.origin} asks to be paid in a way this wallet does not pay (x402 offers: ${offered}${mpp ? '; MPP' : ''}); nothing was signed`,
      {
        hint: 'Name the upstream’s token with --x402-network and --x402-asset, or allow MPP with --pay-with mpp and the Tempo settings.',
      },
    );
  }

  /**
   * The x402 offer to pay, with the `exact` scheme in a token the wallet pays in: one of v2 when
   * there is one, else one of v1 (which names its chain by name and its price maxAmountRequired).
   */
  private x402Offer(
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
    const allowed = [BASE_MAINNET_USDC, ...(this.options.x402Assets ?? [])];
    return (
      scheme === 'exact' &&
      allowed.some(
        (known) => known.network === network && known.asset.toLowerCase() === String(asset).toLowerCase(),
      )
    );
  }

  /**
   * POSTs `json` with `headers`, again on a network error, 429 or 5xx, with backoff, until the
   * deadline; `uncertain` tells whether an earlier attempt may have reached the upstream.
   */
  private async send(
    url: URL,
    json: string,
    headers: Record<string, string>,
    deadline: number,
  ): Promise<{ response: Response; uncertain: boolean }> {
    let uncertain = false;
    let lastProblem = '';
    for (let attempt = 0; ; attempt += 1) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) break;
      try {
        const response = await this.fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: json,
          signal: AbortSignal.timeout(remaining),
        });
        if (response.status !== 429 && response.status < 500) return { response, uncertain };
        if (response.status !== 429) uncertain = true;
        const wait = backoff(attempt, Number(response.headers.get('retry-after')) * 1000);
        // Out of attempts or time: the upstream's own answer (its error, its Retry-After) is passed on.
        if (attempt + 1 >= MAX_ATTEMPTS || Date.now() + wait >= deadline) return { response, uncertain };
        await response.body?.cancel();
        await sleep(wait);
      } catch (error) {
        // A refused connection sent nothing; any other failure may have reached the upstream.
        if (networkCode(error) !== 'ECONNREFUSED') uncertain = true;
        lastProblem = describeNetworkError(error);
        const wait = backoff(attempt, 0);
        if (attempt + 1 >= MAX_ATTEMPTS || Date.now() + wait >= deadline) break;
        await sleep(wait);
      }
    }
    throw new UnavailableError(
      `the upstream ${this.upstream.origin} is unreachable: ${lastProblem || 'no answer in time'}`,
      {
        hint: 'Check that the gateway runs at that URL and this machine can reach it (--upstream, PEERMEM_UPSTREAM), then try again.',
      },
    );
  }

  private async signIn(challenge: SIWxExtension, url: URL): Promise<string> {
    const chain = challenge.supportedChains.find((candidate) => candidate.chainId.startsWith('eip155:'));
    if (chain === undefined) {
      throw new MemoryError(
        'unavailable',
        `the upstream ${this.upstream.origin} offers no sign-in an EVM wallet can make`,
      );
    }
    const payload = await createSIWxPayload(
      { ...challenge.info, chainId: chain.chainId, type: chain.type },
      this.account,
      url.href,
    );
    return encodeSIWxHeader(payload);
  }

  /**
   * The sign-in prepared for `path`, still good for a while; one still being prepared is waited
   * for, as its request is already on its way and sooner back than a new one.
   */
  private async takePrepared(path: string): Promise<string | undefined> {
    const pending = this.prepared.get(path);
    this.prepared.delete(path);
    const prepared = await pending;
    return prepared !== undefined && prepared.expiresAt - PREPARED_MARGIN_MS > Date.now()
      ? prepared.header
      : undefined;
  }

  /**
   * Asks the endpoint for its next sign-in challenge (an unsigned request runs nothing) and
   * signs it now, so that the next call to it is one round trip. Failures are ignored: that
   * call then asks for its challenge itself.
   */
  private prepareNext(path: string, url: URL, json: string): void {
    const preparing = (async (): Promise<PreparedSignIn | undefined> => {
      const response = await this.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: json,
        signal: AbortSignal.timeout(5_000),
      });
      await response.body?.cancel();
      const challenge = signInChallenge(response);
      if (challenge === undefined) return undefined;
      const expiresAt = Date.parse(challenge.info.expirationTime ?? '') || Date.now() + 60_000;
      return { header: await this.signIn(challenge, url), expiresAt };
    })().catch(() => undefined);
    this.prepared.set(path, preparing);
  }

  /** The body of a 200, or the gateway's error as a MemoryError the tool result passes on. */
  private async answer<Output>(path: string, response: Response): Promise<Output> {
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (response.status === 200 && body !== undefined) return body as Output;
    const error = GatewayError.safeParse(body);
    if (error.success) {
      const { code, message, field, hint } = error.data.error;
      throw new MemoryError(code, message, {
        ...(field === undefined ? {} : { field }),
        ...(hint === undefined ? {} : { hint }),
      });
    }
    // Busy or failing to the last attempt, as a proxy or load balancer in front of it says.
    if (response.status === 429 || response.status >= 500) {
      throw new UnavailableError(
        `the upstream ${this.upstream.origin} is unavailable: it answered ${response.status} to ${path} until the retries ran out`,
        { hint: 'It is busy or failing; try again in a minute.' },
      );
    }
    throw this.unexpected(path, response);
  }

  private unexpected(path: string, response: Response): MemoryError {
    return new UnavailableError(
      `the upstream ${this.upstream.origin} answered ${response.status} to ${path}, not a peermem gateway answer`,
      { hint: 'Check that --upstream (PEERMEM_UPSTREAM) is the root URL of a peermem gateway.' },
    );
  }
}

/** The wait before the next attempt: doubling from 200 ms up to 2 s, or the upstream's Retry-After. */
const backoff = (attempt: number, retryAfterMs: number) =>
  Math.max(retryAfterMs || 0, Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function decodeRequired(response: Response): PaymentRequired | undefined {
  const header = response.headers.get('payment-required');
  if (header === null) return undefined;
  try {
    return decodePaymentRequiredHeader(header);
  } catch {
    return undefined;
  }
}

/**
 * The x402 offers of a 402: v2 in the `PAYMENT-REQUIRED` header, v1 in the JSON body (an
 * upstream may send both, as this package's gateway does), and the reason given for asking.
 */
type X402Offers = {
  v2: PaymentRequired | undefined;
  v1: PaymentRequiredV1 | undefined;
  error: string | undefined;
};

async function readOffers(response: Response): Promise<X402Offers> {
  const v2 = decodeRequired(response);
  let v1: PaymentRequiredV1 | undefined;
  try {
    const body = (await response.clone().json()) as Partial<PaymentRequiredV1> | null;
    if (body?.x402Version === 1 && Array.isArray(body.accepts)) v1 = body as PaymentRequiredV1;
  } catch {
    // Not JSON: no v1 offer.
  }
  return { v2, v1, error: v2?.error ?? v1?.error };
}

/** The CAIP-2 id of the chain a v1 offer names (v1 predates CAIP-2: "base" is eip155:8453). */
function v1Network(accept: PaymentRequirementsV1): string | undefined {
  const chainId = (EVM_NETWORK_CHAIN_ID_MAP as Record<string, number | undefined>)[accept.network];
  return chainId === undefined ? undefined : `eip155:${chainId}`;
}

function signInChallenge(response: Response): SIWxExtension | undefined {
  if (response.status !== 402) return undefined;
  return decodeRequired(response)?.extensions?.[SIGN_IN_WITH_X] as SIWxExtension | undefined;
}

/** The settlement transaction a paid answer names: x402 `transaction`, MPP `reference`. */
function paidTransaction(headers: Headers): string {
  const x402 = headers.get('payment-response') ?? headers.get('x-payment-response');
  const mpp = headers.get('payment-receipt');
  const encoded = x402 ?? mpp;
  if (encoded === null) return 'unknown';
  try {
    const receipt = JSON.parse(
      Buffer.from(encoded, x402 === null ? 'base64' : 'base64url').toString('utf8'),
    ) as { transaction?: string; reference?: string };
    return receipt.transaction ?? receipt.reference ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function paymentFailed(path: string, error: unknown): MemoryError {
  if (error instanceof MemoryError) return error;
  return new MemoryError(
    'unavailable',
    `the payment for ${path} could not be made: ${safeMessage(error)}; nothing was paid`,
  );
}

/** A node's short message, never its full text: viem puts the RPC URL (and any key in it) there. */
function safeMessage(error: unknown): string {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof BaseError) return cause.shortMessage;
  }
  return error instanceof Error ? error.message : String(error);
}
