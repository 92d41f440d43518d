import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { createSIWxPayload, encodeSIWxHeader, SIGN_IN_WITH_X } from '@x402/extensions/sign-in-with-x';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Devnet, startDevnet } from '../../../src/devnet/start-devnet.js';
import type { DatabaseLocation } from '../../../src/engine/database/open-database.js';
import type { GatewayRateLimits } from '../../../src/http/rate-limiter.js';
import { signInChallenge } from '../../../src/payments/siwx/sign-in-challenge.js';
import { startTestGateway, storedRows, type TestGateway } from '../../support/gateway.js';
import { createIsolatedDatabase } from '../../support/postgres.js';

/** Known to the test, so that it can sign in without fetching a challenge (which an IP limit counts). */
const SECRET = 'the sign-in secret of the rate-limited test gateways';
const OFF = { requestsPerSecond: 0, burst: 1 };
/** One token every two seconds: three quick requests cannot earn a fourth token while they run. */
const TIGHT = { requestsPerSecond: 0.5, burst: 3 };

/** A gateway with the given rate limits on the shared devnet, on a database of its own. */
async function startLimitedGateway(
  kind: 'pglite' | 'postgres',
  name: string,
  devnet: Devnet,
  rateLimits: GatewayRateLimits,
) {
  const location: DatabaseLocation =
    kind === 'pglite' ? { kind: 'memory' } : { kind: 'postgres', url: await createIsolatedDatabase(name) };
  return startTestGateway(location, devnet, undefined, { signInSecret: SECRET, rateLimits });
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** A SIGN-IN-WITH-X header for one request to `url`, built from a challenge as the gateway makes it. */
async function signIn(gateway: TestGateway, url: string, privateKey: Hex, devnet: Devnet) {
  const extension = signInChallenge(new URL(gateway.url), url, [devnet.network], SECRET)[SIGN_IN_WITH_X];
  if (extension === undefined) throw new Error('no sign-in challenge');
  const payload = await createSIWxPayload(
    { ...extension.info, chainId: devnet.network, type: 'eip191' },
    privateKeyToAccount(privateKey),
    url,
  );
  return encodeSIWxHeader(payload);
}

/** The answer of a request refused by a rate limit: 429, Retry-After, the gateway's error body. */
async function expectRateLimited(response: Response, per: string) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  expect(await response.json()).toEqual({
    error: {
      code: 'unavailable',
      message: `rate limit: ${TIGHT.requestsPerSecond} requests per second per ${per}`,
      hint: `retry after ${retryAfter} s`,
    },
  });
  return retryAfter;
}

const waitSeconds = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet();
});
afterAll(async () => devnet?.stop());

describe.each([
  ['PGlite', 'pglite' as const],
  ['Postgres', 'postgres' as const],
])('rate limits (%s)', (_name, kind) => {
  let walletLimited: TestGateway;
  let ipLimited: TestGateway;
  beforeAll(async () => {
    walletLimited = await startLimitedGateway(kind, 'rate_limits_wallet', devnet, {
      wallet: TIGHT,
      ip: OFF,
    });
    ipLimited = await startLimitedGateway(kind, 'rate_limits_ip', devnet, {
      wallet: OFF,
      ip: TIGHT,
    });
  });
  afterAll(async () => {
    await walletLimited?.close();
    await ipLimited?.close();
  });

  /** Sends `count` signed requests to /sessions from `privateKey`, each signed before any is sent. */
  async function signedBurst(gateway: TestGateway, privateKey: Hex, count: number) {
    const url = `${gateway.url}/api/memory/sessions`;
    const headers = await Promise.all(
      Array.from({ length: count }, () => signIn(gateway, url, privateKey, devnet)),
    );
    const responses: Response[] = [];
    for (const header of headers) responses.push(await fetch(url, json({}, { 'SIGN-IN-WITH-X': header })));
    return responses;
  }

  test('a wallet past its burst gets 429 with Retry-After, another wallet is served meanwhile, and the first is served again after the wait', async () => {
    const busy = generatePrivateKey();
    const responses = await signedBurst(walletLimited, busy, TIGHT.burst + 1);
    expect(responses.slice(0, TIGHT.burst).map((response) => response.status)).toEqual(
      Array(TIGHT.burst).fill(200),
    );
    const retryAfter = await expectRateLimited(responses[TIGHT.burst] as Response, 'wallet');

    const [other] = await signedBurst(walletLimited, generatePrivateKey(), 1);
    expect(other?.status).toBe(200);

    await waitSeconds(retryAfter);
    const [again] = await signedBurst(walletLimited, busy, 1);
    expect(again?.status).toBe(200);
  });

  test('a paid /messages refused by the limit moves no balance and stores nothing; the same payment is accepted after the wait', async () => {
    const url = `${walletLimited.url}/api/memory/messages`;
    const body = { session: 'limited', messages: [{ peer: 'alice', content: 'I moved to Lisbon.' }] };
    // The payer's own free requests use up its bucket.
    await signedBurst(walletLimited, devnet.payer.privateKey, TIGHT.burst);

    const challenge = await fetch(url, json(body));
    expect(challenge.status).toBe(402);
    const required = decodePaymentRequiredHeader(
      challenge.headers.get('payment-required') ?? '',
    ) as PaymentRequired;
    const client = registerExactEvmScheme(new x402Client(), {
      signer: privateKeyToAccount(devnet.payer.privateKey),
    }).setSpendControls(false);
    const payment = encodePaymentSignatureHeader(await client.createPaymentPayload(required));

    const balanceBefore = await devnet.balanceOf(devnet.payer.address);
    const rowsBefore = await storedRows(walletLimited.database);
    const refused = await fetch(url, json(body, { 'PAYMENT-SIGNATURE': payment }));
    const retryAfter = await expectRateLimited(refused, 'wallet');
    expect(await devnet.balanceOf(devnet.payer.address)).toBe(balanceBefore);
    expect(await storedRows(walletLimited.database)).toEqual(rowsBefore);

    await waitSeconds(retryAfter);
    const paid = await fetch(url, json(body, { 'PAYMENT-SIGNATURE': payment }));
    expect(paid.status).toBe(200);
    expect(await devnet.balanceOf(devnet.payer.address)).toBeLessThan(balanceBefore);
  });

  test('requests without a sign-in or payment past the IP limit get 429; signed ones are not counted by IP, and with the wallet limit off none is refused', async () => {
    const url = `${ipLimited.url}/api/memory/sessions`;
    const statuses: number[] = [];
    for (let i = 0; i < TIGHT.burst; i++) statuses.push((await fetch(url, json({}))).status);
    expect(statuses).toEqual(Array(TIGHT.burst).fill(402));
    await expectRateLimited(await fetch(url, json({})), 'IP address');
    // The wallet limit is off here: a signed burst far past the IP burst is served whole.
    const signed = await signedBurst(ipLimited, generatePrivateKey(), TIGHT.burst * 3);
    expect(signed.map((response) => response.status)).toEqual(Array(TIGHT.burst * 3).fill(200));
  });

  test('with the IP limit off, requests without a sign-in are never refused for their rate', async () => {
    const url = `${walletLimited.url}/api/memory/sessions`;
    const statuses: number[] = [];
    for (let i = 0; i < TIGHT.burst * 3; i++) statuses.push((await fetch(url, json({}))).status);
    expect(statuses).toEqual(Array(TIGHT.burst * 3).fill(402));
  });

  test('/openapi.json documents the 429 with Retry-After on every route, and /llms.txt states the limits', async () => {
    const document = (await (await fetch(`${walletLimited.url}/openapi.json`)).json()) as {
      paths: Record<string, { post: { responses: Record<string, { headers?: Record<string, unknown> }> } }>;
    };
    const routes = Object.entries(document.paths);
    expect(routes.length).toBeGreaterThan(0);
    for (const [path, route] of routes) {
      expect(route.post.responses['429']?.headers, path).toHaveProperty('Retry-After');
    }
    const text = await (await fetch(`${walletLimited.url}/llms.txt`)).text();
    const limits = text.slice(text.indexOf('## Limits'), text.indexOf('## Errors'));
    expect(limits).toContain(`${TIGHT.requestsPerSecond} per second, in bursts of up to ${TIGHT.burst}`);
    expect(limits).toContain('per client IP address');
    expect(limits).toContain('no rate limit');
    expect(text).toContain('429');
  });
});
