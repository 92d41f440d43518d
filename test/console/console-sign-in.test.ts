import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/create-engine.js';
import type { Database } from '../../src/engine/database/database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import { createConsoleStore } from '../../src/engine/platform/create-console-store.js';
import { createPlatformBackend } from '../../src/engine/platform/create-platform-backend.js';
import { createKeyStore } from '../../src/engine/platform/keys-store.js';
import { createOneTimeSignIn, type OneTimeSignIn } from '../../src/http/console/one-time-sign-in.js';
import { createPlatformApp } from '../../src/http/platform/create-platform-app.js';
import { openTestDatabase } from '../support/test-database.js';

const ADMIN_KEY = 'sign-in-admin-key-for-tests-0123456789';

/** The platform app with its console, as serve builds it, answering requests in this process. */
function consoleApp(
  database: Database,
  options: { adminKey?: string; secureCookies?: boolean; oneTimeSignIn?: OneTimeSignIn } = {},
) {
  const learning = createLearning(OFFLINE_LEARNING);
  const engine = createEngine(database, { learning, contextTokens: 8192, deriver: false });
  return createPlatformApp({
    backend: createPlatformBackend(database, engine, learning.embedder),
    adminKey: options.adminKey ?? ADMIN_KEY,
    keys: createKeyStore(database),
    console: {
      store: createConsoleStore(database),
      assets: { shell: '<!doctype html><title>console</title>', files: new Map() },
      secureCookies: options.secureCookies ?? false,
      oneTimeSignIn: options.oneTimeSignIn,
    },
  });
}

type App = ReturnType<typeof consoleApp>;

async function signIn(app: App, key: string, headers: Record<string, string> = {}) {
  const response = await app.request('/console/api/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Host: 'localhost', ...headers },
    body: JSON.stringify({ key }),
  });
  const cookie = response.headers.get('set-cookie') ?? '';
  const body = (await response.json()) as { csrf_token?: string };
  return {
    response,
    cookie,
    token: /peermem_console=([^;]+)/.exec(cookie)?.[1] ?? '',
    csrf: body.csrf_token ?? '',
  };
}

const withCookie = (token: string, headers: Record<string, string> = {}) => ({
  Cookie: `peermem_console=${token}`,
  'Content-Type': 'application/json',
  ...headers,
});

describe.each(['pglite', 'postgres'] as const)('console sign-in on %s', (kind) => {
  let database: Database;
  let app: App;

  beforeAll(async () => {
    database = await openTestDatabase(kind, 'console_sign_in');
    // Opening PGlite compiles its WebAssembly: seconds, and far more on a busy machine.
    await database.query('SELECT 1');
    app = consoleApp(database);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('sets an HttpOnly, SameSite=Strict cookie on path / that expires in 12 hours, stored only as a hash', async () => {
    const { response, cookie, token } = await signIn(app, ADMIN_KEY);
    expect(response.status).toBe(200);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=43200/);
    expect(cookie).not.toMatch(/Secure/);
    const rows = await database.query<{ token_sha256: string; key_id: string | null }>(
      'SELECT token_sha256, key_id FROM console_sessions',
    );
    expect(rows.some((row) => row.token_sha256 === token)).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(ADMIN_KEY);
  });

  it('marks the cookie Secure behind https: a public https URL, or a request forwarded from https', async () => {
    expect((await signIn(app, ADMIN_KEY, { 'X-Forwarded-Proto': 'https' })).cookie).toMatch(/Secure/);
    expect((await signIn(consoleApp(database, { secureCookies: true }), ADMIN_KEY)).cookie).toMatch(/Secure/);
  });

  it('acts with the key, and only with the X-CSRF-Token, for reads as for changes', async () => {
    const { token, csrf } = await signIn(app, ADMIN_KEY);
    expect(
      (await app.request('/v3/workspaces/list', { method: 'POST', headers: withCookie(token) })).status,
    ).toBe(403);
    const created = await app.request('/v3/workspaces', {
      method: 'POST',
      headers: withCookie(token, { 'X-CSRF-Token': csrf }),
      body: JSON.stringify({ id: 'signed-in' }),
    });
    expect(created.status).toBe(200);
    // A few routes act on a GET (a webhook test sends an event): a read needs the token too.
    expect(
      (await app.request('/v3/workspaces/signed-in/counts', { headers: withCookie(token) })).status,
    ).toBe(403);
    expect(
      (
        await app.request('/v3/workspaces/signed-in/counts', {
          headers: withCookie(token, { 'X-CSRF-Token': csrf }),
        })
      ).status,
    ).toBe(200);
    const wrong = await app.request('/v3/workspaces/signed-in', {
      method: 'DELETE',
      headers: withCookie(token, { 'X-CSRF-Token': `${csrf}x` }),
    });
    expect(wrong.status).toBe(403);
    expect(
      (
        await app.request('/v3/workspaces/signed-in/counts', {
          headers: withCookie(token, { 'X-CSRF-Token': csrf }),
        })
      ).status,
    ).toBe(200);
  });

  it('ends when its key is revoked or expires, and when the admin key of configuration changes', async () => {
    const keys = createKeyStore(database);
    const minted = await keys.createKey({ workspace: 'signed-in', name: 'soon revoked' });
    const { token, csrf } = await signIn(app, minted.key);
    const counts = (signedIn: App, session: { token: string; csrf: string }) =>
      signedIn.request('/v3/workspaces/signed-in/counts', {
        headers: withCookie(session.token, { 'X-CSRF-Token': session.csrf }),
      });
    expect((await counts(app, { token, csrf })).status).toBe(200);
    await keys.revokeKey(minted.api_key.id);
    expect((await counts(app, { token, csrf })).status).toBe(401);

    const expiring = await keys.createKey({
      workspace: 'signed-in',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const second = await signIn(app, expiring.key);
    await database.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      expiring.api_key.id,
    ]);
    expect((await counts(app, second)).status).toBe(401);

    const admin = await signIn(app, ADMIN_KEY);
    const rotated = consoleApp(database, { adminKey: 'another-admin-key-for-tests-0123456789' });
    expect((await counts(rotated, admin)).status).toBe(401);
    expect((await counts(app, admin)).status).toBe(200);
  });

  it('ends after 12 hours, and at sign-out', async () => {
    const { token, csrf } = await signIn(app, ADMIN_KEY);
    const before = await app.request('/console/api/session', { headers: withCookie(token) });
    expect(await before.json()).toMatchObject({ signed_in: true, key: { kind: 'admin' } });
    const refused = await app.request('/console/api/session', {
      method: 'DELETE',
      headers: withCookie(token),
    });
    expect(refused.status).toBe(403);
    const out = await app.request('/console/api/session', {
      method: 'DELETE',
      headers: withCookie(token, { 'X-CSRF-Token': csrf }),
    });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/peermem_console=;/);
    expect(
      (
        await app.request('/v3/workspaces/signed-in/counts', {
          headers: withCookie(token, { 'X-CSRF-Token': csrf }),
        })
      ).status,
    ).toBe(401);

    const old = await signIn(app, ADMIN_KEY);
    await database.query(`UPDATE console_sessions SET expires_at = now() - interval '1 second'`);
    expect(
      (
        await app.request('/v3/workspaces/signed-in/counts', {
          headers: withCookie(old.token, { 'X-CSRF-Token': old.csrf }),
        })
      ).status,
    ).toBe(401);
    const answer = await app.request('/console/api/session', { headers: withCookie(old.token) });
    expect(await answer.json()).toEqual({ signed_in: false });
  });

  it('refuses a sign-in sent from a page of another origin, and a key it does not know', async () => {
    expect((await signIn(app, ADMIN_KEY, { Origin: 'http://localhost:3000' })).response.status).toBe(403);
    expect((await signIn(app, ADMIN_KEY, { Origin: 'http://localhost' })).response.status).toBe(200);
    const unknown = await signIn(app, 'pm_not-a-key-of-this-server');
    expect(unknown.response.status).toBe(401);
    expect(unknown.cookie).toBe('');
  });

  it("signs in once with peermem console's link, which then signs nobody in", async () => {
    const link = createOneTimeSignIn(60_000);
    const linked = consoleApp(database, { oneTimeSignIn: link });
    const first = await linked.request(`/console/sign-in?token=${link.token}`);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/console/workspaces');
    const token = /peermem_console=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const session = await linked.request('/console/api/session', { headers: withCookie(token) });
    const { csrf_token } = (await session.json()) as { csrf_token: string };
    expect(
      (
        await linked.request('/v3/workspaces/signed-in/counts', {
          headers: withCookie(token, { 'X-CSRF-Token': csrf_token }),
        })
      ).status,
    ).toBe(200);
    const again = await linked.request(`/console/sign-in?token=${link.token}`);
    expect(again.headers.get('location')).toBe('/console?link=used');
    expect(again.headers.get('set-cookie')).toBeNull();
    let now = 0;
    const late = createOneTimeSignIn(1_000, () => now);
    now = 1_001;
    expect(late.consume(late.token)).toBe(false);
  });

  it('serves every page path the same shell, with a policy that runs no inline script or style', async () => {
    for (const path of ['/console', '/console/workspaces/a/peers/b', '/console/playground']) {
      const page = await app.request(path);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>console</title>');
      const policy = page.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("style-src 'self'");
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).toContain("frame-ancestors 'none'");
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });
});
