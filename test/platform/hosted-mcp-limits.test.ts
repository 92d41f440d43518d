import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/engine/database/database.js';
import type { OAuthStore } from '../../src/engine/platform/oauth-store.js';
import { createUsageStore } from '../../src/engine/usage/create-usage-store.js';
import { readUsage } from '../../src/engine/usage/read-usage.js';
import { createUsageRecorder, type UsageRecorder } from '../../src/engine/usage/usage-recorder.js';
import { serveHostedMcp } from '../support/hosted-mcp.js';

const ADMIN_KEY = 'oauth-limits-admin-key-0123456789';
/** Small, so that a few requests in a row meet them. */
const BURST = 3;
/**
 * One request back every 100 s: a refill never lets a request through in the test, however slow
 * the machine (at one a second, four requests over a busy second passed).
 */
const PER_SECOND = 0.01;

const initialize = (id: number, bearer = ADMIN_KEY) => ({
  method: 'POST',
  headers: {
    authorization: `Bearer ${bearer}`,
    ...(bearer === ADMIN_KEY ? { 'x-peermem-workspace': 'limits' } : {}),
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'limits', version: '1' } },
  }),
});

const register = () => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/callback'], client_name: 'Limits' }),
});

describe('/mcp and /oauth/* rate limited and counted in usage', () => {
  let database: Database;
  let recorder: UsageRecorder;
  let served: Awaited<ReturnType<typeof serveHostedMcp>>['served'];
  let oauth: OAuthStore;

  beforeAll(async () => {
    ({ database, oauth, served } = await serveHostedMcp({
      name: 'hosted_mcp_limits',
      adminKey: ADMIN_KEY,
      platform: (database) => {
        recorder = createUsageRecorder(database, { retentionDays: 1, flushMs: 60_000, log: () => {} });
        return {
          rateLimit: { requestsPerSecond: PER_SECOND, burst: BURST },
          usage: {
            recorder,
            store: createUsageStore(database, {
              recorder,
              version: 'test',
              startedAt: new Date(),
              location: 'test',
            }),
          },
        };
      },
      rateLimits: {
        wallet: { requestsPerSecond: 0, burst: 1 },
        ip: { requestsPerSecond: PER_SECOND, burst: BURST },
      },
    }));
  });
  afterAll(async () => {
    await served?.close();
    await recorder?.stop();
    await database?.close();
  });

  it('answers 429 with Retry-After on /mcp once the key has spent its burst, and counts both by key', async () => {
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let id = 1; id <= BURST + 1; id++) {
      const response = await fetch(`${served.url}/mcp`, initialize(id));
      statuses.push(response.status);
      if (response.status === 429) refused = response;
      else await response.body?.cancel();
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = (await refused?.json()) as { jsonrpc: string; error: { message: string } };
    expect(body.jsonrpc).toBe('2.0');
    expect(body.error.message).toMatch(
      /Too many requests with this API key: at most 0.01 a second, 3 at once/,
    );

    await recorder.flush();
    const ofKey = await readUsage(database, {
      window: 'hour',
      workspace: 'limits',
      key: 'configured',
      scope: 'key',
    });
    expect(ofKey.routes).toEqual([
      expect.objectContaining({ route: 'POST /mcp', statuses: { 200: BURST, 429: 1 } }),
    ]);
  });

  it('counts an OAuth sign-in on /mcp in a bucket of its grant, apart from the key that granted it', async () => {
    // The grant as consent leaves it, redeemed as the token endpoint does (the full flow with a
    // browser is in hosted-mcp-oauth.test.ts).
    const { code } = await oauth.createGrant({
      clientId: 'limits-client',
      clientName: null,
      workspace: 'granted',
      organization: undefined,
      key: { kind: 'configured', adminKey: ADMIN_KEY },
      resource: `${served.publicUrl.origin}/mcp`,
      codeChallenge: 'x'.repeat(43),
      redirectUri: 'http://127.0.0.1:9/callback',
      codeTtlMs: 60_000,
    });
    const spent = await oauth.spendSecret('code', code);
    const tokens = await oauth.issueTokens(spent?.grantId ?? '', ADMIN_KEY, {
      accessMs: 60_000,
      refreshMs: 60_000,
    });
    const statuses: number[] = [];
    for (let id = 1; id <= BURST + 1; id++) {
      const response = await fetch(`${served.url}/mcp`, initialize(id, tokens?.accessToken));
      statuses.push(response.status);
      if (response.status === 429)
        expect(await response.text()).toMatch(/Too many requests with this sign-in/);
      else await response.body?.cancel();
    }
    // The admin key spent its burst in the test before; the grant has its own.
    expect(statuses).toEqual([200, 200, 200, 429]);
    await recorder.flush();
    const ofGrant = await readUsage(database, {
      window: 'hour',
      workspace: 'granted',
      key: `oauth:${spent?.grantId}`,
      scope: 'key',
    });
    expect(ofGrant.routes).toEqual([
      expect.objectContaining({ route: 'POST /mcp', statuses: { 200: BURST, 429: 1 } }),
    ]);
  });

  it('limits registration per client address with OAuth error JSON, and counts it', async () => {
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i <= BURST; i++) {
      const response = await fetch(`${served.url}/oauth/register`, register());
      statuses.push(response.status);
      if (response.status === 429) refused = response;
      else await response.body?.cancel();
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused?.json()).toEqual({
      error: 'temporarily_unavailable',
      error_description: expect.stringMatching(/too many requests from this address: at most 0.01 a second/),
    });
    // The same address's bucket covers the token endpoint: it is empty now.
    const token = await fetch(`${served.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&refresh_token=x&client_id=y',
    });
    expect(token.status).toBe(429);
    await token.body?.cancel();

    await recorder.flush();
    const all = await readUsage(database, {
      window: 'hour',
      workspace: undefined,
      key: undefined,
      scope: 'all',
    });
    expect(all.routes.find((found) => found.route === 'POST /oauth/register')?.statuses).toEqual({
      201: BURST,
      429: 1,
    });
  });
});
