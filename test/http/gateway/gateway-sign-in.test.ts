import { decodePaymentRequiredHeader } from '@x402/core/http';
import {
  createSIWxPayload,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
} from '@x402/extensions/sign-in-with-x';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueSignInNonce } from '../../../src/payments/siwx/sign-in-nonce.js';
import { startTestGateway, type TestGateway } from '../../support/gateway.js';
import { POSTGRES_URL } from '../../support/postgres.js';
import { createWalletFetch } from '../../support/wallet-fetch.js';

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe.each([
  ['PGlite', { kind: 'memory' as const }],
  ['Postgres', { kind: 'postgres' as const, url: POSTGRES_URL }],
])('sign-in and wallet isolation (%s)', (_name, location) => {
  /** Known to the test so that it can make nonces as the gateway does, to test their expiry. */
  const SECRET = 'a sign-in secret shared by the gateways of one address';
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startTestGateway(location, undefined, undefined, { signInSecret: SECRET });
  });
  afterAll(async () => gateway?.close());
  const url = (path: string) => `${gateway.url}/api/memory${path}`;
  const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

  /** A sign-in for `path` signed by `signer`, built from the gateway's own challenge, then changed. */
  async function signIn(
    path: string,
    signer = privateKeyToAccount(generatePrivateKey()),
    change = (info: SIWxExtension['info']) => info,
    signedFor = url(path),
  ) {
    const challenge = await fetch(url(path), json({}));
    expect(challenge.status).toBe(402);
    const required = decodePaymentRequiredHeader(challenge.headers.get('payment-required') ?? '');
    const extension = required.extensions?.[SIGN_IN_WITH_X] as SIWxExtension;
    const chain = extension.supportedChains[0] as SIWxExtension['supportedChains'][number];
    const payload = await createSIWxPayload(
      { ...change(extension.info), chainId: chain.chainId, type: chain.type },
      signer,
      signedFor,
    );
    return { payload, header: encodeSIWxHeader(payload) };
  }

  test('without a sign-in: 402, authentication required, the sign-in challenge and nothing to pay', async () => {
    const response = await fetch(url('/sessions'), json({}));
    expect(response.status).toBe(402);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.error).toMatch(/Authentication required/);
    expect(body.accepts).toEqual([]);
    expect(body.extensions).toHaveProperty([SIGN_IN_WITH_X, 'info', 'domain'], new URL(gateway.url).host);
  });

  test('a valid sign-in is served, once: the same header again is a replay', async () => {
    const { header } = await signIn('/sessions');
    expect((await fetch(url('/sessions'), json({}, { 'SIGN-IN-WITH-X': header }))).status).toBe(200);
    const replay = await fetch(url('/sessions'), json({}, { 'X-SIWX': header }));
    expect(replay.status).toBe(402);
    expect(((await replay.json()) as { error: string }).error).toMatch(/already used/);
  });

  test.each([
    [
      'forged (signed by another key)',
      async () => {
        const victim = privateKeyToAccount(generatePrivateKey()).address;
        const { payload } = await signIn('/sessions');
        return encodeSIWxHeader({ ...payload, address: victim });
      },
      /signature/i,
    ],
    [
      'expired',
      async () => {
        const past = new Date(Date.now() - 60 * 60 * 1000);
        return (
          await signIn('/sessions', undefined, (info) => ({
            ...info,
            issuedAt: past.toISOString(),
            expirationTime: new Date(past.getTime() + 60_000).toISOString(),
          }))
        ).header;
      },
      /expired|too_old|issued/i,
    ],
    // A sign-in another site obtained for itself, replayed here.
    [
      'for another domain',
      async () => {
        const elsewhere = 'https://evil.example/api/memory/sessions';
        return (
          await signIn(
            '/sessions',
            undefined,
            (info) => ({ ...info, domain: 'evil.example', uri: elsewhere }),
            elsewhere,
          )
        ).header;
      },
      /domain/i,
    ],
    ['not a sign-in at all', async () => Buffer.from('{"hello":1}').toString('base64'), /not base64 JSON/],
  ])('a sign-in %s gets 402', async (_case, makeHeader, reason) => {
    const response = await fetch(url('/sessions'), json({}, { 'SIGN-IN-WITH-X': await makeHeader() }));
    expect(response.status).toBe(402);
    expect(((await response.json()) as { error: string }).error).toMatch(reason);
  });

  test('a sign-in made for /peers does not delete a session through /sessions/delete', async () => {
    const owner = generatePrivateKey();
    const account = privateKeyToAccount(owner);
    const ownerFetch = createWalletFetch(owner, {});
    const added = await ownerFetch(url('/sessions/peers/add'), json({ session: 'kept', peers: ['alice'] }));
    expect(added.status).toBe(200);

    const { header } = await signIn('/peers', account);
    const response = await fetch(
      url('/sessions/delete'),
      json({ session: 'kept' }, { 'SIGN-IN-WITH-X': header }),
    );
    expect(response.status).toBe(402);
    expect(await errorOf(response)).toMatch(/invalid_siwx_uri_mismatch.*\/peers, not .*\/sessions\/delete/);
    const sessions = await ownerFetch(url('/sessions'), json({}));
    expect(await sessions.json()).toMatchObject({ items: [{ id: 'kept' }], total: 1 });
  });

  test('a nonce the client made up is refused', async () => {
    const { header } = await signIn('/sessions', undefined, (info) => ({
      ...info,
      nonce: 'f'.repeat(info.nonce.length),
    }));
    const response = await fetch(url('/sessions'), json({}, { 'SIGN-IN-WITH-X': header }));
    expect(response.status).toBe(402);
    expect(await errorOf(response)).toMatch(/invalid_siwx_nonce: the nonce was not issued by this gateway/);
  });

  test('a nonce issued for one endpoint is refused on another, even with that endpoint as uri', async () => {
    const { header } = await signIn(
      '/peers',
      undefined,
      (info) => ({ ...info, uri: url('/sessions/delete') }),
      url('/sessions/delete'),
    );
    const response = await fetch(
      url('/sessions/delete'),
      json({ session: 's' }, { 'SIGN-IN-WITH-X': header }),
    );
    expect(response.status).toBe(402);
    expect(await errorOf(response)).toMatch(/invalid_siwx_nonce: the nonce was not issued by this gateway/);
  });

  test('an issued nonce is good until it lapses, however fresh the message around it', async () => {
    const withNonce = async (expiresAt: Date) => {
      const nonce = issueSignInNonce(SECRET, url('/sessions'), expiresAt);
      return (await signIn('/sessions', undefined, (info) => ({ ...info, nonce }))).header;
    };
    const lapsed = await withNonce(new Date(Date.now() - 1000));
    const refused = await fetch(url('/sessions'), json({}, { 'SIGN-IN-WITH-X': lapsed }));
    expect(refused.status).toBe(402);
    expect(await errorOf(refused)).toMatch(/invalid_siwx_nonce: the nonce has expired/);
    // The same made with the secret but lapsing later is served: the refusal was the expiry.
    const current = await withNonce(new Date(Date.now() + 60_000));
    expect((await fetch(url('/sessions'), json({}, { 'SIGN-IN-WITH-X': current }))).status).toBe(200);
  });

  test('gateways sharing the secret behind one address accept each other’s challenges; another secret does not', async () => {
    const beside = (signInSecret: string) =>
      startTestGateway(location, gateway.devnet, undefined, { publicUrl: gateway.url, signInSecret });
    const [sibling, stranger] = await Promise.all([beside(SECRET), beside('x'.repeat(64))]);
    try {
      const fromSibling = (await signIn('/sessions')).header;
      const servedBySibling = await fetch(
        `${sibling.url}/api/memory/sessions`,
        json({}, { 'SIGN-IN-WITH-X': fromSibling }),
      );
      expect(servedBySibling.status).toBe(200);
      const fromStranger = (await signIn('/sessions')).header;
      const refused = await fetch(
        `${stranger.url}/api/memory/sessions`,
        json({}, { 'SIGN-IN-WITH-X': fromStranger }),
      );
      expect(refused.status).toBe(402);
      expect(await errorOf(refused)).toMatch(/invalid_siwx_nonce/);
    } finally {
      await Promise.all([sibling.close(), stranger.close()]);
    }
  });

  test('wallet A cannot see or change wallet B’s sessions, messages, cards or search results', async () => {
    const walletFor = (key: `0x${string}`) =>
      createWalletFetch(key, {
        allowedAssets: [{ network: gateway.devnet.network, asset: gateway.devnet.usdc.address }],
      });
    const a = walletFor(gateway.devnet.payer.privateKey);
    const b = walletFor(generatePrivateKey());
    const post = async (wallet: typeof fetch, path: string, body: unknown) => {
      const response = await wallet(url(path), json(body));
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(
      (
        await post(a, '/messages', {
          session: 'secret',
          messages: [{ peer: 'alice', content: 'my bank PIN is 4321' }],
        })
      ).status,
    ).toBe(200);
    expect((await post(a, '/card/set', { peer: 'alice', card: ['Name: Alice'] })).status).toBe(200);

    expect((await post(b, '/sessions', {})).body).toMatchObject({ items: [], total: 0 });
    expect((await post(b, '/peers', {})).body).toEqual({ peers: [] });
    expect((await post(b, '/search', { query: 'bank PIN' })).body).toEqual({ messages: [] });
    expect((await post(b, '/card', { peer: 'alice' })).status).toBe(404);
    expect((await post(b, '/messages/list', { session: 'secret' })).status).toBe(404);
    expect((await post(b, '/sessions/delete', { session: 'secret' })).status).toBe(404);

    // A's memory is untouched and A sees it.
    expect((await post(a, '/search', { query: 'bank PIN' })).body.messages).toHaveLength(1);
    expect((await post(a, '/card', { peer: 'alice' })).body).toEqual({ peer_card: ['Name: Alice'] });
  });
});
