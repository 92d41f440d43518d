import {
  createSIWxPayload,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
} from '@x402/extensions/sign-in-with-x';
import type { PrivateKeyAccount } from 'viem/accounts';
import { MemoryError } from '../service/errors.js';
import { decodeRequired } from './payment-required.js';

/** A sign-in signed ahead of the call that will use it, for one endpoint. */
type PreparedSignIn = { header: string; expiresAt: number };

/** The sign-in challenges a prepared sign-in may be used until, less this margin. */
const PREPARED_MARGIN_MS = 30_000;

/** The SIWX challenge of a 402 that asks for a sign-in rather than a payment. */
export function signInChallenge(response: Response): SIWxExtension | undefined {
  if (response.status !== 402) return undefined;
  return decodeRequired(response)?.extensions?.[SIGN_IN_WITH_X] as SIWxExtension | undefined;
}

/**
 * Signs the wallet in to free endpoints (SIWX, a fresh signature per call) and keeps the next
 * sign-in of each endpoint prepared ahead, so that a repeated call is one round trip, not two.
 */
export class SignInCache {
  /** By endpoint: the next sign-in, being prepared or ready. */
  private readonly prepared = new Map<string, Promise<PreparedSignIn | undefined>>();

  constructor(
    private readonly account: PrivateKeyAccount,
    private readonly fetch: typeof globalThis.fetch,
  ) {}

  /** The `SIGN-IN-WITH-X` header answering `challenge` for `url`. */
  async sign(challenge: SIWxExtension, url: URL): Promise<string> {
    const chain = challenge.supportedChains.find((candidate) => candidate.chainId.startsWith('eip155:'));
    if (chain === undefined) {
      throw new MemoryError(
        'unavailable',
        `the upstream ${url.origin} offers no sign-in an EVM wallet can make`,
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
  async take(path: string): Promise<string | undefined> {
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
  prepareNext(path: string, url: URL, json: string): void {
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
      return { header: await this.sign(challenge, url), expiresAt };
    })().catch(() => undefined);
    this.prepared.set(path, preparing);
  }
}
