import { x402Client } from '@x402/core/client';
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from '@x402/core/http';
import type { PaymentRequired, PaymentRequirements } from '@x402/core/types';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { createWalletClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { wrapFetchWithPayment as wrapFetchWithPaymentV1 } from 'x402-fetch';
import { devnetChain } from '../../../src/devnet/devnet-chain.js';
import { NOTHING_STORED, startTestGateway, storedRows, type TestGateway } from '../../support/gateway.js';
import { createWalletFetch } from '../../support/wallet-fetch.js';

let gateway: TestGateway;
let pay: typeof fetch;
beforeAll(async () => {
  gateway = await startTestGateway();
  pay = createWalletFetch(gateway.devnet.payer.privateKey, {
    allowedAssets: [{ network: gateway.devnet.network, asset: gateway.devnet.usdc.address }],
  });
});
afterAll(async () => gateway?.close());

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const url = (path: string) => `${gateway.url}/api/memory${path}`;
const balances = async () => ({
  payer: await gateway.devnet.balanceOf(gateway.devnet.payer.address),
  payee: await gateway.devnet.balanceOf(gateway.devnet.payee.address),
});
const messageCount = async () =>
  Number((await gateway.database.query<{ n: number }>('SELECT count(*)::int AS n FROM messages'))[0]?.n);

/** Signs an x402 v2 payment for the gateway's offer, changed by `change` (to test refusals). */
async function signedPayment(
  path: string,
  body: unknown,
  change: (offer: PaymentRequirements) => PaymentRequirements,
) {
  const challenge = await fetch(url(path), json(body));
  const required = decodePaymentRequiredHeader(
    challenge.headers.get('payment-required') ?? '',
  ) as PaymentRequired;
  const offer = required.accepts[0] as PaymentRequirements;
  const client = registerExactEvmScheme(new x402Client(), {
    signer: privateKeyToAccount(gateway.devnet.payer.privateKey),
  }).setSpendControls(false);
  const payload = await client.createPaymentPayload({ ...required, accepts: [change(offer)] });
  return encodePaymentSignatureHeader(payload);
}

describe('paid endpoints on a local chain (anvil, Circle USDC, built-in facilitator)', () => {
  test('an @x402/fetch client pays for /messages: exactly the price moves and the messages are stored', async () => {
    const before = await balances();
    const content = 'x'.repeat(10_000); // 2,500 tokens: 0.005 USD, above the floor
    const response = await pay(
      url('/messages'),
      json({ session: 'paid', messages: [{ peer: 'alice', content }] }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { messages: Record<string, unknown>[] };
    expect(body.messages).toHaveLength(1);
    expect(Object.keys(body.messages[0] ?? {}).sort()).toEqual(
      ['content', 'created_at', 'id', 'peer_id', 'session_id', 'token_count'].sort(),
    );
    const receipt = decodePaymentResponseHeader(response.headers.get('payment-response') ?? '');
    expect(receipt.success).toBe(true);
    const after = await balances();
    expect(before.payer - after.payer).toBe(5_000n);
    expect(after.payee - before.payee).toBe(5_000n);
  });

  test('/chat is priced by reasoning level and answers for the payer', async () => {
    const before = await balances();
    const response = await pay(
      url('/chat'),
      json({ peer: 'alice', query: 'What did alice say?', reasoning_level: 'medium' }),
    );
    expect(response.status).toBe(200);
    expect(Object.keys((await response.json()) as object)).toEqual(['content']);
    expect(before.payer - (await balances()).payer).toBe(50_000n);
  });

  test('a v1 x402-fetch client pays with X-PAYMENT and gets X-PAYMENT-RESPONSE', async () => {
    const signer = createWalletClient({
      account: privateKeyToAccount(gateway.devnet.payer.privateKey),
      chain: devnetChain(gateway.devnet.rpcUrl, gateway.devnet.chainId),
      transport: http(gateway.devnet.rpcUrl),
    });
    const payV1 = wrapFetchWithPaymentV1(fetch, signer as never);
    const before = await balances();
    const response = await payV1(
      url('/messages'),
      json({ session: 'v1', messages: [{ peer: 'bob', content: 'hello' }] }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-payment-response')).not.toBeNull();
    expect(paidSince(before, await balances())).toBe(1_000n);
  });

  test('without payment: 402 with the x402 v2 header, the v1 body, and the price from the body', async () => {
    const stored = await messageCount();
    const response = await fetch(
      url('/messages'),
      json({ session: 'free', messages: [{ peer: 'a', content: 'hi' }] }),
    );
    expect(response.status).toBe(402);
    const v2 = decodePaymentRequiredHeader(response.headers.get('payment-required') ?? '');
    expect(v2.accepts[0]).toMatchObject({
      scheme: 'exact',
      network: gateway.devnet.network,
      amount: '1000',
      payTo: gateway.devnet.payee.address,
    });
    const v1 = await response.json();
    expect(v1).toMatchObject({
      x402Version: 1,
      accepts: [{ maxAmountRequired: '1000', network: 'base-sepolia' }],
    });
    expect(await messageCount()).toBe(stored);
  });

  const refusals: [string, (offer: PaymentRequirements) => PaymentRequirements, RegExp][] = [
    ['underpaid', (offer) => ({ ...offer, amount: '999' }), /amount must be exactly 1000/],
    [
      'for another network',
      (offer) => ({ ...offer, network: 'eip155:8453' }),
      /network must be eip155:84532/,
    ],
    [
      'to another payee',
      (offer) => ({ ...offer, payTo: privateKeyToAccount(generatePrivateKey()).address }),
      /payTo must be/,
    ],
    ['expired', (offer) => ({ ...offer, maxTimeoutSeconds: 1 }), /valid_before|expired/i],
  ];
  test.each(refusals)('a payment %s gets 402 and stores nothing', async (_name, change, reason) => {
    const body = { session: 'refused', messages: [{ peer: 'mallory', content: 'hi' }] };
    const header = await signedPayment('/messages', body, change);
    const before = await balances();
    const stored = await messageCount();
    const response = await fetch(url('/messages'), json(body, { 'PAYMENT-SIGNATURE': header }));
    expect(response.status).toBe(402);
    expect(await errorOf(response)).toMatch(reason);
    expect(await messageCount()).toBe(stored);
    expect(await balances()).toEqual(before);
  });

  test('a replayed payment is refused: paid once, stored once', async () => {
    const body = { session: 'replay', messages: [{ peer: 'alice', content: 'once' }] };
    const header = await signedPayment('/messages', body, (offer) => offer);
    const before = await balances();
    const first = await fetch(url('/messages'), json(body, { 'PAYMENT-SIGNATURE': header }));
    expect(first.status).toBe(200);
    const second = await fetch(url('/messages'), json(body, { 'PAYMENT-SIGNATURE': header }));
    expect(second.status).toBe(402);
    expect(await errorOf(second)).toMatch(/already used|authorization/i);
    expect(paidSince(before, await balances())).toBe(1_000n);
    const rows = await gateway.database.query("SELECT 1 FROM messages WHERE session_id = 'replay'");
    expect(rows).toHaveLength(1);
  });

  test('a payment made for /messages does not pay for /chat at the same price (402 naming both routes)', async () => {
    // One short message and a minimal chat both cost 0.001 USD: only the route differs.
    const body = { session: 'bound', messages: [{ peer: 'alice', content: 'hi' }] };
    const header = await signedPayment('/messages', body, (offer) => offer);
    const before = await balances();
    const stored = await messageCount();
    const chat = await fetch(
      url('/chat'),
      json({ peer: 'alice', query: 'hi', reasoning_level: 'minimal' }, { 'PAYMENT-SIGNATURE': header }),
    );
    expect(chat.status).toBe(402);
    expect(await errorOf(chat)).toBe(
      "Payment invalid: it was made for /api/memory/messages, not /api/memory/chat; make a new payment with this endpoint's offer.",
    );
    expect(await balances()).toEqual(before);
    // Refused before its nonce was spent: the route it was made for still takes it, once.
    const messages = await fetch(url('/messages'), json(body, { 'PAYMENT-SIGNATURE': header }));
    expect(messages.status).toBe(200);
    expect(paidSince(before, await balances())).toBe(1_000n);
    expect(await messageCount()).toBe(stored + 1);
  });

  test('a body that fails validation is 400 before any payment is asked', async () => {
    const response = await fetch(
      url('/messages'),
      json({ session: 's', messages: [{ peer: 'a', content: '' }] }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 'invalid_input', field: 'messages.0.content' },
    });
  });
});

describe('settlement that fails', () => {
  let broke: TestGateway;
  beforeAll(async () => {
    // A facilitator with no ETH: the payment verifies (signature, balance, simulation), but the
    // settlement transaction cannot pay its gas.
    broke = await startTestGateway({ kind: 'memory' }, gateway.devnet, (payments) => ({
      ...payments,
      facilitator: { kind: 'built-in', privateKey: generatePrivateKey(), rpcUrl: gateway.devnet.rpcUrl },
    }));
  });
  afterAll(async () => broke?.close());

  test('withdraws what the operation wrote: the session, the author and the messages are gone', async () => {
    const brokePay = createWalletFetch(gateway.devnet.payer.privateKey, {
      allowedAssets: [{ network: gateway.devnet.network, asset: gateway.devnet.usdc.address }],
    });
    const before = await balances();
    const response = await brokePay(
      `${broke.url}/api/memory/messages`,
      json({ session: 'unpaid', messages: [{ peer: 'carol', content: 'not stored' }] }),
    );
    expect(response.status).toBe(402);
    expect(await errorOf(response)).toMatch(/failed to settle.*nothing was stored/);
    expect(await storedRows(broke.database)).toEqual(NOTHING_STORED);
    expect(await balances()).toEqual(before);
  });
});

const errorOf = async (response: Response) => ((await response.json()) as { error: unknown }).error;

function paidSince(before: { payer: bigint }, now: { payer: bigint }): bigint {
  return before.payer - now.payer;
}
