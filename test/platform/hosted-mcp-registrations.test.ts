import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/engine/database/database.js';
import type { OAuthStore } from '../../src/engine/platform/oauth-store.js';
import { serveHostedMcp } from '../support/hosted-mcp.js';

const ADMIN_KEY = 'oauth-registrations-admin-key-0123';
const REDIRECT = 'http://127.0.0.1:9/callback';

const register = (name: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ redirect_uris: [REDIRECT], client_name: name }),
});

describe('dynamic client registration, bounded', () => {
  let database: Database;
  let store: OAuthStore;
  let served: Awaited<ReturnType<typeof serveHostedMcp>>['served'];

  beforeAll(async () => {
    ({
      database,
      oauth: store,
      served,
    } = await serveHostedMcp({
      name: 'hosted_mcp_registrations',
      adminKey: ADMIN_KEY,
      hostedMcp: { registrationLimits: { perAddressPerHour: 3, maxClients: 3, unusedClientHours: 1 } },
    }));
  });
  afterAll(async () => {
    await served?.close();
    await database?.close();
  });

  it('sweeps clients never signed in with, keeps a ceiling, and limits each address per hour', async () => {
    const unused = await store.registerClient({ clientName: 'unused', redirectUris: [REDIRECT] });
    const signedIn = await store.registerClient({ clientName: 'signed in', redirectUris: [REDIRECT] });
    const recent = await store.registerClient({ clientName: 'recent', redirectUris: [REDIRECT] });
    await store.createGrant({
      clientId: signedIn.client_id,
      clientName: 'signed in',
      workspace: 'anywhere',
      organization: undefined,
      key: { kind: 'configured', adminKey: ADMIN_KEY },
      resource: `${served.url}/mcp`,
      codeChallenge: 'x'.repeat(43),
      redirectUri: REDIRECT,
      codeTtlMs: 60_000,
    });
    // Two hours old: past the hour after which an unused client is swept.
    await database.query(
      `UPDATE oauth_clients SET created_at = now() - interval '2 hours' WHERE client_id = ANY($1)`,
      [[unused.client_id, signedIn.client_id]],
    );

    // Three kept is the ceiling; the sweep frees one place (the unused client), not two.
    const first = await fetch(`${served.url}/oauth/register`, register('first'));
    expect(first.status).toBe(201);
    expect(await store.findRegisteredClient(unused.client_id)).toBeUndefined();
    expect(await store.findRegisteredClient(signedIn.client_id)).toMatchObject({ client_name: 'signed in' });
    expect(await store.findRegisteredClient(recent.client_id)).toMatchObject({ client_name: 'recent' });

    const full = await fetch(`${served.url}/oauth/register`, register('second'));
    expect(full.status).toBe(503);
    expect(await full.json()).toEqual({
      error: 'temporarily_unavailable',
      error_description: expect.stringMatching(/^registration is full \(3 clients\)/),
    });

    // The address has spent its three of the hour: the fourth is refused before the ceiling.
    expect((await fetch(`${served.url}/oauth/register`, register('third'))).status).toBe(503);
    const limited = await fetch(`${served.url}/oauth/register`, register('fourth'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(600);
    expect(await limited.json()).toEqual({
      error: 'temporarily_unavailable',
      error_description: expect.stringMatching(/from this address: at most 3 an hour; retry after \d+ s$/),
    });
  });
});
