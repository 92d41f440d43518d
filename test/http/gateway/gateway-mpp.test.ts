import { Challenge, Credential, Receipt } from 'mppx';
import { Mppx, tempo } from 'mppx/client';
import { TxEnvelopeTempo } from 'ox/tempo';
import { createPublicClient, http, maxUint256, parseAbi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tempoClient } from '../../../src/payments/mpp/tempo-chain.js';
import { NOTHING_STORED, startTestGateway, storedRows, type TestGateway } from '../../support/gateway.js';
import { createWalletFetch } from '../../support/wallet-fetch.js';

// Every payment comes from a wallet of its own, except where a test is about paying twice: the
// devnet reopens a wallet's expiring nonce once per block (see reopen-expiring-nonces.ts), and a
// test paying at once from the same wallet would race that.

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => gateway?.close());

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const url = (path: string, base = gateway.url) => `${base}/api/memory${path}`;
const tempoNode = () => gateway.devnet.tempo;
const messagesIn = (session: string) =>
  gateway.database.query<{ workspace_id: string }>(
    'SELECT workspace_id FROM messages WHERE session_id = $1',
    [session],
  );

/** A funded wallet and its MPP-paying fetch. */
async function mppPayer() {
  const wallet = await tempoNode().fundWallet(1_000_000n);
  const pay = createWalletFetch(wallet.privateKey, {
    payWith: 'mpp',
    tempoRpcUrls: { [tempoNode().chainId]: tempoNode().rpcUrl },
  });
  return { ...wallet, pay };
}

/** Signs an MPP credential answering the challenge of `challengeResponse`, without sending it. */
async function credentialFor(privateKey: `0x${string}`, challengeResponse: Response): Promise<string> {
  const { chainId, rpcUrl } = tempoNode();
  const client = Mppx.create({
    methods: [
      tempo.charge({
        account: privateKeyToAccount(privateKey),
        mode: 'pull',
        getClient: () => tempoClient(chainId, rpcUrl),
      }),
    ],
    polyfill: false,
  });
  return client.createCredential(challengeResponse);
}

/** Waits for the devnet's watcher to put `account`'s expiring-nonce counter back to 0. */
async function expiringNonceReopened(account: `0x${string}`): Promise<void> {
  const node = createPublicClient({ transport: http(tempoNode().rpcUrl) });
  const nonceManager = '0x4e4F4E4345000000000000000000000000000000';
  const abi = parseAbi(['function getNonce(address account, uint256 nonceKey) view returns (uint64)']);
  for (let attempt = 0; attempt < 100; attempt++) {
    const nonce = await node.readContract({
      address: nonceManager,
      abi,
      functionName: 'getNonce',
      args: [account, maxUint256],
    });
    if (nonce === 0n) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the expiring nonce of ${account} was not reopened`);
}

const balancesOf = async (payer: `0x${string}`) => ({
  payer: await tempoNode().balanceOf(payer),
  payee: await tempoNode().balanceOf(gateway.devnet.payee.address),
});
const errorOf = async (response: Response) => ((await response.json()) as { error: unknown }).error;

describe('MPP (tempo charge) on a local Tempo node', () => {
  test('a 402 offers MPP beside x402: WWW-Authenticate: Payment, method tempo, intent charge, the price', async () => {
    const response = await fetch(
      url('/messages'),
      json({ session: 'offer', messages: [{ peer: 'a', content: 'hi' }] }),
    );
    expect(response.status).toBe(402);
    expect(response.headers.get('payment-required')).not.toBeNull();
    const challenge = Challenge.fromResponse(response);
    expect(challenge).toMatchObject({
      method: 'tempo',
      intent: 'charge',
      realm: new URL(gateway.url).host,
      request: {
        amount: '1000',
        currency: tempoNode().currency.address,
        recipient: gateway.devnet.payee.address,
        methodDetails: { chainId: tempoNode().chainId, feePayer: true, supportedModes: ['pull'] },
      },
    });
  });

  test('an MPP client pays for /messages: exactly the price moves and the payer owns what is stored', async () => {
    const payer = await mppPayer();
    const before = await balancesOf(payer.address);
    const content = 'x'.repeat(10_000); // 0.005 USD
    const response = await payer.pay(
      url('/messages'),
      json({ session: 'mpp', messages: [{ peer: 'alice', content }] }),
    );
    expect(response.status).toBe(200);
    const receipt = Receipt.deserialize(response.headers.get('payment-receipt') ?? '');
    expect(receipt).toMatchObject({ method: 'tempo', status: 'success' });
    const after = await balancesOf(payer.address);
    expect(before.payer - after.payer).toBe(5_000n);
    expect(after.payee - before.payee).toBe(5_000n);
    expect(await messagesIn('mpp')).toEqual([{ workspace_id: payer.address }]);

    // The same wallet signs in to the free endpoints of that workspace.
    const sessions = await payer.pay(url('/sessions'), json({}));
    expect(((await sessions.json()) as { items: { id: string }[] }).items.map((s) => s.id)).toEqual(['mpp']);
  });

  test('a wallet pays again: the devnet reopens its expiring nonce after each block', async () => {
    const payer = await mppPayer();
    const before = await balancesOf(payer.address);
    for (const content of ['first', 'second']) {
      const response = await payer.pay(
        url('/messages'),
        json({ session: 'mpp-again', messages: [{ peer: 'alice', content }] }),
      );
      expect(response.status).toBe(200);
      await expiringNonceReopened(payer.address);
    }
    expect(before.payer - (await balancesOf(payer.address)).payer).toBe(2_000n);
    expect(await messagesIn('mpp-again')).toHaveLength(2);
  });

  test('an MPP client pays for /chat by reasoning level', async () => {
    const payer = await mppPayer();
    const before = await balancesOf(payer.address);
    const response = await payer.pay(
      url('/chat'),
      json({ peer: 'alice', query: 'What did alice say?', reasoning_level: 'low' }),
    );
    expect(response.status).toBe(200);
    expect(Object.keys((await response.json()) as object)).toEqual(['content']);
    expect(before.payer - (await balancesOf(payer.address)).payer).toBe(10_000n);
  });

  test('a replayed credential is refused: paid once, stored once', async () => {
    const wallet = await tempoNode().fundWallet(1_000_000n);
    const body = { session: 'mpp-replay', messages: [{ peer: 'alice', content: 'once' }] };
    const credential = await credentialFor(wallet.privateKey, await fetch(url('/messages'), json(body)));
    const before = await balancesOf(wallet.address);
    const first = await fetch(url('/messages'), json(body, { Authorization: credential }));
    expect(first.status).toBe(200);
    const second = await fetch(url('/messages'), json(body, { Authorization: credential }));
    expect(second.status).toBe(402);
    expect(await errorOf(second)).toMatch(/already used/);
    expect(before.payer - (await balancesOf(wallet.address)).payer).toBe(1_000n);
    expect(await messagesIn('mpp-replay')).toHaveLength(1);
  });

  test('a credential for a cheaper body is refused, and nothing is stored or paid', async () => {
    const wallet = await tempoNode().fundWallet(1_000_000n);
    const cheap = { session: 'mpp-under', messages: [{ peer: 'mallory', content: 'hi' }] };
    const dear = { session: 'mpp-under', messages: [{ peer: 'mallory', content: 'x'.repeat(10_000) }] };
    const credential = await credentialFor(wallet.privateKey, await fetch(url('/messages'), json(cheap)));
    const before = await balancesOf(wallet.address);
    const response = await fetch(url('/messages'), json(dear, { Authorization: credential }));
    expect(response.status).toBe(402);
    expect(await errorOf(response)).toMatch(/Payment invalid/);
    expect(response.headers.get('www-authenticate')).toMatch(/^Payment /);
    expect(await messagesIn('mpp-under')).toEqual([]);
    expect(await balancesOf(wallet.address)).toEqual(before);
  });

  test('a credential for /chat does not pay for /messages', async () => {
    const wallet = await tempoNode().fundWallet(1_000_000n);
    // /chat at minimal and one short message cost the same 0.001 USD: only the route differs.
    const challenge = await fetch(
      url('/chat'),
      json({ peer: 'alice', query: 'hi', reasoning_level: 'minimal' }),
    );
    const credential = await credentialFor(wallet.privateKey, challenge);
    const before = await balancesOf(wallet.address);
    const response = await fetch(
      url('/messages'),
      json(
        { session: 'mpp-scope', messages: [{ peer: 'mallory', content: 'hi' }] },
        { Authorization: credential },
      ),
    );
    expect(response.status).toBe(402);
    expect(await messagesIn('mpp-scope')).toEqual([]);
    expect(await balancesOf(wallet.address)).toEqual(before);
  });

  test('a challenge rewritten to pay someone else is refused (it is bound to its contents)', async () => {
    const wallet = await tempoNode().fundWallet(1_000_000n);
    const body = { session: 'mpp-forged', messages: [{ peer: 'mallory', content: 'hi' }] };
    const original = Challenge.fromResponse(await fetch(url('/messages'), json(body)));
    const forged = Challenge.serialize({
      ...original,
      request: { ...original.request, recipient: privateKeyToAccount(generatePrivateKey()).address },
    });
    const credential = await credentialFor(
      wallet.privateKey,
      new Response(null, { status: 402, headers: { 'WWW-Authenticate': forged } }),
    );
    const before = await balancesOf(wallet.address);
    const response = await fetch(url('/messages'), json(body, { Authorization: credential }));
    expect(response.status).toBe(402);
    expect(await messagesIn('mpp-forged')).toEqual([]);
    expect(await balancesOf(wallet.address)).toEqual(before);
  });

  test('a credential for an expired challenge is refused', async () => {
    const wallet = await tempoNode().fundWallet(1_000_000n);
    const body = { session: 'mpp-expired', messages: [{ peer: 'mallory', content: 'hi' }] };
    const issued = Challenge.fromResponse(await fetch(url('/messages'), json(body)));
    // The gateway's own challenge, but lapsing in a second: bound with its secret, as it would be.
    const { id: _id, ...contents } = issued;
    const shortLived = Challenge.from({
      ...contents,
      expires: new Date(Date.now() + 1_000).toISOString(),
      secretKey: gateway.payments.mpp?.secretKey ?? '',
    });
    const credential = await credentialFor(
      wallet.privateKey,
      new Response(null, { status: 402, headers: { 'WWW-Authenticate': Challenge.serialize(shortLived) } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = await balancesOf(wallet.address);
    const response = await fetch(url('/messages'), json(body, { Authorization: credential }));
    expect(response.status).toBe(402);
    expect(await errorOf(response)).toMatch(/expired/i);
    expect(await messagesIn('mpp-expired')).toEqual([]);
    expect(await balancesOf(wallet.address)).toEqual(before);
  });

  test('a transfer naming a sender that did not sign it is refused: the workspace goes to the signer', async () => {
    const attacker = await tempoNode().fundWallet(1_000_000n);
    const victim = privateKeyToAccount(generatePrivateKey()).address;
    const body = { session: 'mpp-impostor', messages: [{ peer: 'mallory', content: 'hi' }] };
    const honest = await credentialFor(attacker.privateKey, await fetch(url('/messages'), json(body)));
    const decoded = Credential.deserialize<{ type: string; signature: string }>(honest);
    // The fee-payer form of a Tempo transaction carries a sender address beside the signature.
    const envelope = TxEnvelopeTempo.deserialize(decoded.payload.signature as TxEnvelopeTempo.Serialized);
    const forged = Credential.serialize({
      ...decoded,
      payload: {
        ...decoded.payload,
        signature: TxEnvelopeTempo.serialize(envelope, { sender: victim, format: 'feePayer' }),
      },
    });
    const response = await fetch(url('/messages'), json(body, { Authorization: forged }));
    expect(response.status).toBe(402);
    expect(await errorOf(response)).toMatch(/sender other than its signer/);
    expect(await messagesIn('mpp-impostor')).toEqual([]);
  });

  test('a wallet that cannot pay the price is refused before the work is done', async () => {
    const pay = createWalletFetch(generatePrivateKey(), {
      payWith: 'mpp',
      tempoRpcUrls: { [tempoNode().chainId]: tempoNode().rpcUrl },
    });
    const response = await pay(
      url('/chat'),
      json({ peer: 'nobody', session: 'mpp-empty', query: 'anything?', reasoning_level: 'minimal' }),
    );
    expect(response.status).toBe(402);
    expect(await errorOf(response)).toMatch(/holds less than the price/);
    expect(await gateway.database.query("SELECT 1 FROM sessions WHERE id = 'mpp-empty'")).toEqual([]);
  });

  test('a credential for a real challenge with a payload that does not parse gets 402, not 500', async () => {
    const body = { session: 'mpp-garbled', messages: [{ peer: 'mallory', content: 'hi' }] };
    const challenge = Challenge.fromResponse(await fetch(url('/messages'), json(body)));
    for (const signature of ['zz', '0x76c0ffee']) {
      const credential = Credential.serialize({ challenge, payload: { type: 'transaction', signature } });
      const response = await fetch(url('/messages'), json(body, { Authorization: credential }));
      expect(response.status).toBe(402);
      expect(await errorOf(response)).toMatch(/Payment invalid/);
    }
  });

  test('a malformed credential gets 402 with the reason', async () => {
    const response = await fetch(
      url('/messages'),
      json(
        { session: 'mpp-bad', messages: [{ peer: 'a', content: 'hi' }] },
        { Authorization: 'Payment not-base64!' },
      ),
    );
    expect(response.status).toBe(402);
    expect(await errorOf(response)).toMatch(/malformed/);
  });
});

describe('MPP settlement that fails', () => {
  let broke: TestGateway;
  beforeAll(async () => {
    // A fee payer with no pathUSD: the credential verifies, but the sponsored transfer cannot pay its fee.
    broke = await startTestGateway({ kind: 'memory' }, gateway.devnet, (payments) => ({
      ...payments,
      mpp: payments.mpp && { ...payments.mpp, feePayerKey: generatePrivateKey() },
    }));
  });
  afterAll(async () => broke?.close());

  test('withdraws what the operation wrote and charges nothing', async () => {
    const payer = await mppPayer();
    const before = await balancesOf(payer.address);
    const response = await payer.pay(
      url('/messages', broke.url),
      json({ session: 'unpaid', messages: [{ peer: 'carol', content: 'not stored' }] }),
    );
    expect(response.status).toBe(402);
    expect(await errorOf(response)).toMatch(/failed to settle.*nothing was stored/);
    expect(await storedRows(broke.database)).toEqual(NOTHING_STORED);
    expect(await balancesOf(payer.address)).toEqual(before);
  });

  test('a /chat whose payment fails leaves no peer, target or session behind', async () => {
    const payer = await mppPayer();
    const response = await payer.pay(
      url('/chat', broke.url),
      json({
        peer: 'dave',
        target: 'erin',
        session: 'never',
        query: 'Who is erin?',
        reasoning_level: 'minimal',
      }),
    );
    expect(response.status).toBe(402);
    expect(await storedRows(broke.database)).toEqual(NOTHING_STORED);
  });
});

describe('the wallet’s MPP limits', () => {
  test('a charge above the cap is refused before anything is signed', async () => {
    const wallet = await tempoNode().fundWallet(1_000_000n);
    const pay = createWalletFetch(wallet.privateKey, {
      payWith: 'mpp',
      tempoRpcUrls: { [tempoNode().chainId]: tempoNode().rpcUrl },
      maxMppAmount: 999n,
    });
    const before = await balancesOf(wallet.address);
    await expect(
      pay(url('/messages'), json({ session: 'mpp-cap', messages: [{ peer: 'a', content: 'hi' }] })),
    ).rejects.toThrow(/asks for 1000 base units, more than this wallet pays at once \(999\)/);
    expect(await balancesOf(wallet.address)).toEqual(before);
    expect(await messagesIn('mpp-cap')).toEqual([]);
  });

  test('a charge in a token the wallet does not know is refused', async () => {
    const strange = privateKeyToAccount(generatePrivateKey()).address;
    const other = await startTestGateway({ kind: 'memory' }, gateway.devnet, (payments) => ({
      ...payments,
      mpp: payments.mpp && { ...payments.mpp, currency: strange },
    }));
    try {
      const payer = await mppPayer();
      await expect(
        payer.pay(
          url('/messages', other.url),
          json({ session: 's', messages: [{ peer: 'a', content: 'hi' }] }),
        ),
      ).rejects.toThrow(/paid in 0x[0-9a-fA-F]{40}, a token this wallet does not pay in/);
    } finally {
      await other.close();
    }
  });
});
