import { SIGN_IN_WITH_X } from '@x402/extensions/sign-in-with-x';
import type { Hex } from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { GatewayError } from '../schemas/gateway.js';
import type { SpendingOutput } from '../schemas/spending.js';
import { MemoryError, UnavailableError } from '../service/errors.js';
import { MppPayer, type MppPayerOptions, offersMpp } from './mpp-payer.js';
import { decodeRequired, readOffers } from './payment-required.js';
import { type PreparedPayment, safeMessage } from './prepared-payment.js';
import { sendWithRetries } from './send-with-retries.js';
import { SignInCache, signInChallenge } from './sign-in-cache.js';
import { formatUsd, type SpendingLedger, spendingOutput } from './spending-ledger.js';
import { type X402Asset, X402Payer } from './x402-payer.js';

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
  mpp?: MppPayerOptions;
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

/**
 * Calls one upstream gateway with one wallet: signs in to the free endpoints (SignInCache) and
 * pays the paid ones (X402Payer, MppPayer) within the spending policy, which is checked before
 * anything is signed. Requests go through sendWithRetries; a paid request is only ever retried
 * with the payment it already carries, so no call is paid twice.
 */
export class UpstreamClient {
  readonly account: PrivateKeyAccount;
  readonly upstream: URL;
  private readonly signIns: SignInCache;
  private readonly x402: X402Payer;
  private readonly mpp: MppPayer;
  private readonly fetch: typeof fetch;
  private readonly log: (line: string) => void;

  constructor(private readonly options: UpstreamClientOptions) {
    this.account = privateKeyToAccount(options.privateKey);
    this.upstream = new URL(options.upstream);
    this.fetch = options.fetch ?? fetch;
    this.log = options.log ?? ((line) => console.error(line));
    this.signIns = new SignInCache(this.account, this.fetch);
    this.x402 = new X402Payer(this.account, options.ledger, options.x402Assets);
    this.mpp = new MppPayer(this.account, options.ledger, options.mpp);
  }

  /** A free endpoint, signed in as the wallet. */
  async signed<Output>(path: string, body: unknown): Promise<Output> {
    const url = this.url(path);
    const json = JSON.stringify(body);
    const deadline = this.deadline();
    const prepared = await this.signIns.take(path);
    let { response } = await this.send(url, json, prepared ? { [SIGN_IN_WITH_X]: prepared } : {}, deadline);
    if (response.status === 402) {
      const challenge = signInChallenge(response);
      if (challenge === undefined) throw this.unexpected(path, response);
      ({ response } = await this.send(
        url,
        json,
        { [SIGN_IN_WITH_X]: await this.signIns.sign(challenge, url) },
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
    this.signIns.prepareNext(path, url, json);
    return output;
  }

  /** A paid endpoint: asks the price, checks it against the policy, pays and sends once more. */
  async paid<Output>(path: string, body: unknown): Promise<Output> {
    const url = this.url(path);
    const json = JSON.stringify(body);
    const { response } = await this.send(url, json, {}, this.deadline());
    if (response.status !== 402) return this.answer<Output>(path, response);
    return this.answer<Output>(path, await this.pay(path, url, json, response));
  }

  /**
   * Any endpoint with a JSON body as it is written (`peermem call`): signed in where the
   * upstream asks for a sign-in, paid within the spending policy where it asks for a payment.
   * The upstream's answer is returned as it is; a payment the policy refuses throws, unsigned.
   */
  async call(path: string, json: string): Promise<Response> {
    const url = this.url(path);
    const deadline = this.deadline();
    const { response } = await this.send(url, json, {}, deadline);
    if (response.status !== 402) return response;
    const challenge = signInChallenge(response);
    if (challenge === undefined) return this.pay(path, url, json, response);
    const signIn = await this.signIns.sign(challenge, url);
    return (await this.send(url, json, { [SIGN_IN_WITH_X]: signIn }, deadline)).response;
  }

  /** What the wallet spent today through any process, its limits, and its last payments. */
  async spending(): Promise<SpendingOutput> {
    const { ledger } = this.options;
    return spendingOutput(await ledger.report(), ledger.policy, {
      wallet: this.account.address,
      upstream: this.upstream.href.replace(/\/$/, ''),
    });
  }

  /**
   * Pays the 402 `response` asked for `path` within the policy, sends the request once more with
   * the payment, and records the outcome in the ledger. Returns the paid request's answer.
   */
  private async pay(path: string, url: URL, json: string, response: Response): Promise<Response> {
    const payment = await this.preparePayment(path, json, response);
    let outcome: Awaited<ReturnType<typeof sendWithRetries>>;
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
      return paidResponse;
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
    return paidResponse;
  }

  /**
   * The payment of a 402 by the protocol preferred (payWith), else the other, checked against
   * the policy before it is signed. Throws, having signed nothing, when neither fits.
   */
  private async preparePayment(path: string, json: string, response: Response): Promise<PreparedPayment> {
    const offers = await readOffers(response);
    const mpp = offersMpp(response);
    const order = this.options.payWith === 'mpp' ? ['mpp', 'x402'] : ['x402', 'mpp'];
    for (const protocol of order) {
      if (protocol === 'x402') {
        const payment = await this.x402.prepare(path, offers);
        if (payment !== undefined) return payment;
      }
      if (protocol === 'mpp' && mpp) return this.mpp.prepare(path, json, response);
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

  private send(url: URL, json: string, headers: Record<string, string>, deadline: number) {
    return sendWithRetries({ url, json, headers, deadline, fetch: this.fetch });
  }

  private deadline(): number {
    return Date.now() + (this.options.deadlineMs ?? 12_000);
  }

  private url(path: string): URL {
    return new URL(
      `api/memory${path}`,
      this.upstream.href.endsWith('/') ? this.upstream : `${this.upstream.href}/`,
    );
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
      // The subject passes on, so that the tools word their own hint for it.
      const { code, message, field, hint, subject } = error.data.error;
      throw new MemoryError(code, message, {
        ...(field === undefined ? {} : { field }),
        ...(hint === undefined ? {} : { hint }),
        ...(subject === undefined ? {} : { subject }),
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
