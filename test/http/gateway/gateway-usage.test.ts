import { decodePaymentRequiredHeader } from '@x402/core/http';
import {
  createSIWxPayload,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
} from '@x402/extensions/sign-in-with-x';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/engine/database/database.js';
import { openDatabase } from '../../../src/engine/database/open-database.js';
import { readUsage } from '../../../src/engine/usage/read-usage.js';
import { createUsageRecorder, type UsageRecorder } from '../../../src/engine/usage/usage-recorder.js';
import { startTestGateway, type TestGateway } from '../../support/gateway.js';
import { createIsolatedDatabase } from '../../support/postgres.js';

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('usage recorded by the gateway', () => {
  let gateway: TestGateway;
  let database: Database;
  let recorder: UsageRecorder;
  beforeAll(async () => {
    const url = await createIsolatedDatabase('usage_gateway');
    // The recorder's own connection to the gateway's database, as a second process would have.
    database = openDatabase({ kind: 'postgres', url });
    await database.query('SELECT 1');
    recorder = createUsageRecorder(database, { retentionDays: 1, flushMs: 60_000, log: () => {} });
    gateway = await startTestGateway({ kind: 'postgres', url }, undefined, undefined, { usage: recorder });
  });
  afterAll(async () => {
    await gateway?.close();
    await recorder?.stop();
    await database?.close();
  });

  it('counts each call by its route, and a signed-in call in the workspace of its wallet', async () => {
    const url = `${gateway.url}/api/memory/sessions`;
    const challenge = await fetch(url, json({}));
    expect(challenge.status).toBe(402);
    const required = decodePaymentRequiredHeader(challenge.headers.get('payment-required') ?? '');
    const extension = required.extensions?.[SIGN_IN_WITH_X] as SIWxExtension;
    const chain = extension.supportedChains[0] as SIWxExtension['supportedChains'][number];
    const wallet = privateKeyToAccount(generatePrivateKey());
    const payload = await createSIWxPayload(
      { ...extension.info, chainId: chain.chainId, type: chain.type },
      wallet,
      url,
    );
    const signedIn = await fetch(url, json({}, { 'SIGN-IN-WITH-X': encodeSIWxHeader(payload) }));
    expect(signedIn.status).toBe(200);
    expect((await fetch(`${gateway.url}/api/memory/nowhere`, json({}))).status).toBe(404);

    await recorder.flush();
    const all = await readUsage(database, {
      window: 'hour',
      workspace: undefined,
      key: undefined,
      scope: 'all',
    });
    const route = all.routes.find((found) => found.route.endsWith('/api/memory/sessions'));
    expect(route?.route).toMatch(/^POST \/api\/memory\/sessions$/);
    expect(route?.statuses).toEqual({ 200: 1, 402: 1 });
    expect(all.routes.find((found) => found.route === 'unmatched')?.statuses).toEqual({ 404: 1 });
    const ofWallet = await readUsage(database, {
      window: 'hour',
      workspace: payload.address,
      key: undefined,
      scope: 'wallet',
    });
    expect(ofWallet.routes).toEqual([expect.objectContaining({ route: route?.route, statuses: { 200: 1 } })]);
  });
});
