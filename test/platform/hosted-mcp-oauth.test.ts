import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Client,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/engine/database/database.js';
import { createConsoleStore } from '../../src/engine/platform/create-console-store.js';
import { loadConsoleAssets } from '../../src/http/console/console-assets.js';
import { eventually, launchChromium, screenshot, watchedPage } from '../support/console-browser.js';
import { serveHostedMcp } from '../support/hosted-mcp.js';
import { callOk } from '../support/mcp-targets.js';
import { PLATFORM_ADMIN_KEY, startPlatformServer } from '../support/platform-serve.js';

const ADMIN_KEY = 'oauth-admin-key-for-tests-0123456789';
/** Short, so that a test sees a token expire and the client refresh it. */
const ACCESS_TOKEN_SECONDS = 3;

type Served = Awaited<ReturnType<typeof serveHostedMcp>>['served'];

/**
 * An MCP client application as a person runs it: the SDK's OAuth client keeps what it is told,
 * and "opening the browser" records the authorization URL for Chromium to visit.
 */
class RecordingProvider implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  saved: { client?: unknown; tokens?: unknown; verifier?: string; discovery?: unknown } = {};
  constructor(
    readonly redirectUrl: string,
    clientId?: string,
    issuer?: string,
  ) {
    if (clientId !== undefined) this.saved.client = { client_id: clientId, issuer };
  }
  get clientMetadata() {
    return {
      client_name: 'Test MCP client',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation = () => this.saved.client as never;
  saveClientInformation = (client: unknown) => {
    this.saved.client = client;
  };
  tokens = () => this.saved.tokens as never;
  saveTokens = (tokens: unknown) => {
    this.saved.tokens = tokens;
  };
  redirectToAuthorization = (url: URL) => {
    this.authorizationUrl = url;
  };
  saveCodeVerifier = (verifier: string) => {
    this.saved.verifier = verifier;
  };
  codeVerifier = () => this.saved.verifier ?? '';
  discoveryState = () => this.saved.discovery as never;
  saveDiscoveryState = (state: unknown) => {
    this.saved.discovery = state;
  };
}

describe('/mcp on serve with OAuth 2.1 and API keys', () => {
  let database: Database;
  let served: Served;
  let helper: Server;
  let helperUrl: string;
  let browser: Browser;
  const requests: string[] = [];
  /** The workspaces the last consent page offered. */
  let offered: string[] = [];
  /** Every request the client sends, as `METHOD path`, for the flow's order. */
  const recordingFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.origin === helperUrl ? ' (client document)' : ''}`);
    return fetch(request);
  };

  beforeAll(async () => {
    const assets = await loadConsoleAssets();
    ({ database, served } = await serveHostedMcp({
      name: 'hosted_mcp',
      adminKey: ADMIN_KEY,
      platform: (database) => ({
        console: { store: createConsoleStore(database), assets, secureCookies: false },
      }),
      hostedMcp: { accessTokenSeconds: ACCESS_TOKEN_SECONDS },
    }));
    // The client application's side: its metadata document and the page the browser returns to.
    helper = createServer((request, response) => {
      if (request.url === '/client.json') {
        requests.push('(authorization server) GET /client.json (client ID metadata document)');
        response.setHeader('Content-Type', 'application/json');
        response.end(
          JSON.stringify({
            client_id: `${helperUrl}/client.json`,
            client_name: 'Document client',
            redirect_uris: [`${helperUrl}/callback`],
            token_endpoint_auth_method: 'none',
          }),
        );
      } else response.end('signed in; you may close this page');
    });
    await new Promise<void>((resolve) => helper.listen(0, '127.0.0.1', resolve));
    helperUrl = `http://127.0.0.1:${(helper.address() as AddressInfo).port}`;
    for (const id of ['alpha', 'beta'])
      expect((await admin('POST', '/v3/workspaces', { id })).status).toBe(200);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => helper?.close(resolve));
    await served?.close();
    await database?.close();
  });

  const admin = async (
    method: string,
    path: string,
    body?: unknown,
    key = ADMIN_KEY,
    // biome-ignore lint/suspicious/noExplicitAny: a test reads whichever fields of an answer it checks
  ): Promise<{ status: number; json: any }> => {
    const response = await fetch(`${served.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: await response.json() };
  };

  const mcpClient = async (
    provider: OAuthClientProvider | undefined,
    headers: Record<string, string> = {},
    base = served.url,
  ) => {
    const client = new Client({ name: 'oauth-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
        ...(provider === undefined ? {} : { authProvider: provider }),
        fetch: recordingFetch,
        requestInit: { headers },
      }),
    );
    return client;
  };

  /** The whole sign-in: the SDK is refused and redirects; Chromium signs in and allows; the SDK redeems the code. */
  async function signIn(
    provider: RecordingProvider,
    key: string,
    workspace: string,
    base = served.url,
  ): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      authProvider: provider,
      fetch: recordingFetch,
    });
    await expect(new Client({ name: 'oauth-test', version: '1.0.0' }).connect(transport)).rejects.toThrow(
      UnauthorizedError,
    );
    const authorizationUrl = provider.authorizationUrl;
    if (authorizationUrl === undefined) throw new Error('the client was not sent to sign in');
    const context = await browser.newContext();
    const { page, errors } = await watchedPage(context);
    requests.push('(browser) GET /oauth/authorize');
    await page.goto(authorizationUrl.href);
    // The page says where the access goes: a registered client's name is its own claim.
    expect(await page.locator('.client').textContent()).toContain(
      `Returns to: ${new URL(provider.redirectUrl).origin}`,
    );
    await page.getByLabel('API key').fill(key);
    requests.push('(browser) POST /oauth/authorize (API key)');
    await page.getByRole('button', { name: 'Continue' }).click();
    offered = await page.getByLabel('Workspace').locator('option').allTextContents();
    await screenshot(page, '21-oauth-consent');
    await page.getByLabel('Workspace').selectOption(workspace);
    requests.push('(browser) POST /oauth/authorize (workspace, allow) → 302 to the redirect URI');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.href.startsWith(provider.redirectUrl));
    const callback = new URL(page.url());
    expect(errors).toEqual([]);
    await context.close();
    expect(callback.searchParams.get('iss')).toBe(new URL(base).origin);
    await transport.finishAuth(callback.searchParams);
    return mcpClient(provider, {}, base);
  }

  it('answers 401 naming the protected resource metadata without a token', async () => {
    const response = await fetch(`${served.url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${served.url}/.well-known/oauth-protected-resource/mcp"`,
    );
    const metadata = await (await fetch(`${served.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(metadata).toMatchObject({ resource: `${served.url}/mcp`, authorization_servers: [served.url] });
  });

  it('runs the whole flow with a registered client, then its token reaches only the workspace granted', async () => {
    requests.length = 0;
    const provider = new RecordingProvider(`${helperUrl}/callback`);
    const client = await signIn(provider, ADMIN_KEY, 'alpha');
    await callOk(client, 'add_messages', {
      session: 's',
      messages: [{ peer: 'ann', content: 'alpha secret' }],
    });
    expect(await callOk(client, 'list_messages', { session: 's' })).toMatchObject({ total: 1 });
    await client.close();
    console.log(`OAuth flow as the client sent it:\n${requests.join('\n')}`);
    expect(requests).toContain('POST /oauth/register');
    expect(requests).toContain('POST /oauth/token');
    // The API key path sees the same memory in alpha, and none in beta.
    const inAlpha = await mcpClient(undefined, {
      Authorization: `Bearer ${ADMIN_KEY}`,
      'X-Peermem-Workspace': 'alpha',
    });
    expect(await callOk(inAlpha, 'list_messages', { session: 's' })).toMatchObject({ total: 1 });
    await inAlpha.close();
  });

  it('gives two sign-ins two workspaces that do not see each other, through a client ID metadata document', async () => {
    requests.length = 0;
    const documentClient = `${helperUrl}/client.json`;
    const provider = new RecordingProvider(`${helperUrl}/callback`, documentClient, served.url);
    const intoBeta = await signIn(provider, ADMIN_KEY, 'beta');
    await callOk(intoBeta, 'add_messages', {
      session: 's',
      messages: [{ peer: 'bob', content: 'beta only' }],
    });
    console.log(`OAuth flow of a client ID metadata document client:\n${requests.join('\n')}`);
    expect(requests).not.toContain('POST /oauth/register');
    expect(requests).toContain('(authorization server) GET /client.json (client ID metadata document)');
    const betaMessages = await callOk<{ items: { content: string }[] }>(intoBeta, 'list_messages', {
      session: 's',
    });
    expect(betaMessages.items.map((message) => message.content)).toEqual(['beta only']);
    await intoBeta.close();
    // The token is bound to its workspace: naming another one is refused, not served.
    const betaToken = (provider.saved.tokens as { access_token: string }).access_token;
    const elsewhere = await fetch(`${served.url}/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${betaToken}`,
        'X-Peermem-Workspace': 'alpha',
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(elsewhere.status).toBe(403);
    const grants = await admin('GET', '/v3/workspaces/beta/oauth/grants');
    expect(grants.json.map((grant: { client_id: string }) => grant.client_id)).toContain(documentClient);
  });

  it('refuses an expired access token, refreshes with rotation, and ends the grant on a replayed refresh token', async () => {
    const provider = new RecordingProvider(`${helperUrl}/callback`);
    const client = await signIn(provider, ADMIN_KEY, 'alpha');
    const first = provider.saved.tokens as { access_token: string; refresh_token: string };
    await new Promise((resolve) => setTimeout(resolve, (ACCESS_TOKEN_SECONDS + 1) * 1000));
    const expired = await fetch(`${served.url}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${first.access_token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('error="invalid_token"');
    // The SDK refreshes on the 401 by itself and the call goes through.
    expect(await callOk(client, 'list_messages', { session: 's' })).toMatchObject({ total: 1 });
    const second = provider.saved.tokens as { access_token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const replay = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: clientIdOf(provider),
    });
    expect(replay.status).toBe(400);
    expect(replay.json.error).toBe('invalid_grant');
    // The replay ended the grant: the live access token is refused now.
    const refused = await fetch(`${served.url}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${second.access_token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    await client.close();
  });

  it('refuses a token whose grant was revoked through the platform API', async () => {
    const provider = new RecordingProvider(`${helperUrl}/callback`);
    const client = await signIn(provider, ADMIN_KEY, 'beta');
    const { access_token } = provider.saved.tokens as { access_token: string };
    const grants = await admin('GET', '/v3/workspaces/beta/oauth/grants');
    const live = grants.json.find(
      (grant: { revoked_at: string | null; client_id: string }) =>
        grant.revoked_at === null && grant.client_id === clientIdOf(provider),
    );
    expect(
      (await admin('DELETE', `/v3/workspaces/beta/oauth/grants/${live.id}`)).json.revoked_at,
    ).not.toBeNull();
    const refused = await fetch(`${served.url}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    await client.close().catch(() => {});
  });

  it("lists a workspace's grants in the console and revokes one there", async () => {
    const provider = new RecordingProvider(`${helperUrl}/callback`);
    const client = await signIn(provider, ADMIN_KEY, 'alpha');
    await callOk(client, 'add_messages', {
      session: 'console',
      messages: [{ peer: 'ann', content: 'seen' }],
    });
    expect(await callOk(client, 'list_messages', { session: 'console' })).toMatchObject({ total: 1 });
    const context = await browser.newContext({ baseURL: served.url });
    expect((await context.request.post('/console/api/session', { data: { key: ADMIN_KEY } })).status()).toBe(
      200,
    );
    const { page, errors } = await watchedPage(context);
    await page.goto('/console/workspaces/alpha');
    await page.getByRole('link', { name: 'MCP sign-ins (OAuth)' }).click();
    const row = page.getByRole('row').filter({ hasText: clientIdOf(provider) });
    await eventually(() => row.count()).toBe(1);
    await screenshot(page, '20-mcp-grants');
    // Across every workspace the key administers, the same grant is listed with its workspace.
    await page.goto('/console/organizations');
    await page.getByRole('link', { name: /MCP sign-ins \(OAuth\) of every workspace/ }).click();
    const everywhere = page.getByRole('row').filter({ hasText: clientIdOf(provider) });
    await eventually(() => everywhere.textContent()).toContain('alpha');
    await page.goBack();
    await page.goBack();
    await eventually(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: 'Yes, revoke' }).click();
    await eventually(() => row.textContent()).toContain('revoked');
    expect(errors).toEqual([]);
    await context.close();
    const refused = await postWithSavedToken(provider);
    expect(refused.status).toBe(401);
    await client.close().catch(() => {});
  });

  it("signs an organization member in to its organization's workspaces only; revoking the key ends the grant", async () => {
    expect((await admin('POST', '/v3/organizations', { id: 'acme' })).status).toBe(200);
    expect((await admin('PUT', '/v3/organizations/acme/workspaces/beta')).status).toBe(200);
    expect(
      (await admin('POST', '/v3/organizations/acme/members', { member: 'ada@example.com', role: 'admin' }))
        .status,
    ).toBe(200);
    const minted = await admin('POST', '/v3/keys?organization_id=acme&member=ada%40example.com');
    expect(minted.status).toBe(200);
    const provider = new RecordingProvider(`${helperUrl}/callback`);
    const client = await signIn(provider, minted.json.key, 'beta');
    expect(offered).toEqual(['beta']);
    const messages = await callOk<{ items: { content: string }[] }>(client, 'list_messages', {
      session: 's',
    });
    expect(messages.items.map((message) => message.content)).toEqual(['beta only']);
    expect((await admin('DELETE', `/v3/keys/${minted.json.id}`)).status).toBe(200);
    const refused = await postWithSavedToken(provider);
    expect(refused.status).toBe(401);
    await client.close().catch(() => {});
  });

  it('lets an API key reach exactly its workspace, and refuses peer keys and unnamed workspaces', async () => {
    const betaKey = (await admin('POST', '/v3/keys?workspace_id=beta')).json.key as string;
    const inBeta = await mcpClient(undefined, { Authorization: `Bearer ${betaKey}` });
    const messages = await callOk<{ items: { content: string }[] }>(inBeta, 'list_messages', {
      session: 's',
    });
    expect(messages.items.map((message) => message.content)).toEqual(['beta only']);
    await inBeta.close();
    await expect(
      mcpClient(undefined, { Authorization: `Bearer ${betaKey}`, 'X-Peermem-Workspace': 'alpha' }),
    ).rejects.toThrow();
    const peerKey = (await admin('POST', '/v3/keys?workspace_id=beta&peer_id=bob')).json.key as string;
    const post = (headers: Record<string, string>) =>
      fetch(`${served.url}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: '{}',
      });
    expect((await post({ Authorization: `Bearer ${peerKey}` })).status).toBe(403);
    const unnamed = await post({ Authorization: `Bearer ${ADMIN_KEY}` });
    expect(unnamed.status).toBe(400);
    expect(JSON.stringify(await unnamed.json())).toContain('X-Peermem-Workspace');
    expect((await post({ Authorization: 'Bearer not-a-key' })).status).toBe(401);
  });

  it('runs the flow against peermem serve itself, started as a user starts it', async () => {
    const serve = await startPlatformServer('postgres', 'hosted_mcp_serve', {
      env: { PEERMEM_OAUTH_LOOPBACK_CLIENTS: 'on' },
    });
    try {
      const created = await fetch(`${serve.baseURL}/v3/workspaces`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${PLATFORM_ADMIN_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: 'team' }),
      });
      expect(created.status).toBe(200);
      expect(serve.log()).toContain(`MCP at ${serve.baseURL}/mcp`);
      const provider = new RecordingProvider(
        `${helperUrl}/callback`,
        `${helperUrl}/client.json`,
        serve.baseURL,
      );
      const client = await signIn(provider, PLATFORM_ADMIN_KEY, 'team', serve.baseURL);
      await callOk(client, 'add_messages', {
        session: 'standup',
        messages: [{ peer: 'cy', content: 'from serve' }],
      });
      expect(await callOk(client, 'list_messages', { session: 'standup' })).toMatchObject({ total: 1 });
      await client.close();
    } finally {
      await serve.stop();
    }
  });

  it('sends an authorize error back to the client once its redirect URI is known (RFC 6749 §4.1.2.1)', async () => {
    const authorize = (changed: Record<string, string>) =>
      fetch(
        `${served.url}/oauth/authorize?${new URLSearchParams({
          client_id: `${helperUrl}/client.json`,
          redirect_uri: `${helperUrl}/callback`,
          response_type: 'code',
          code_challenge: 'x'.repeat(43),
          code_challenge_method: 'S256',
          state: 'st-42',
          ...changed,
        })}`,
        { redirect: 'manual' },
      );
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ code_challenge_method: 'plain' }, 'invalid_request', /^code_challenge_method: must be S256/],
      [{ response_type: 'token' }, 'unsupported_response_type', /^response_type: must be code/],
      [{ resource: 'https://elsewhere.example/mcp' }, 'invalid_target', /^resource: this server issues/],
    ];
    for (const [changed, error, description] of cases) {
      const response = await authorize(changed);
      expect(response.status, JSON.stringify(changed)).toBe(302);
      const back = new URL(response.headers.get('location') ?? '');
      expect(`${back.origin}${back.pathname}`).toBe(`${helperUrl}/callback`);
      expect(back.searchParams.get('error')).toBe(error);
      expect(back.searchParams.get('error_description')).toMatch(description);
      expect(back.searchParams.get('state')).toBe('st-42');
      expect(back.searchParams.get('iss')).toBe(served.publicUrl.origin);
      expect(back.searchParams.has('code')).toBe(false);
    }
  });

  it('answers bad input on every OAuth endpoint with OAuth error JSON, never a 500', async () => {
    const form = (path: string, body: Record<string, string>) =>
      fetch(`${served.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
      });
    const cases: [string, Promise<Response>, string][] = [
      ['authorize without client', fetch(`${served.url}/oauth/authorize`), 'client_id'],
      ['authorize unknown client', fetch(`${served.url}/oauth/authorize?client_id=nope`), 'client_id'],
      [
        // Before the redirect URI is known to be the client's, nothing is sent to it.
        'authorize undeclared redirect',
        fetch(
          `${served.url}/oauth/authorize?${new URLSearchParams({
            client_id: `${helperUrl}/client.json`,
            redirect_uri: `${helperUrl}/elsewhere`,
            response_type: 'code',
            code_challenge: 'x'.repeat(43),
            code_challenge_method: 'plain',
          })}`,
          { redirect: 'manual' },
        ),
        'redirect_uri',
      ],
      [
        'authorize private document',
        fetch(
          `${served.url}/oauth/authorize?client_id=${encodeURIComponent('https://10.0.0.1/client.json')}`,
        ),
        'client_id',
      ],
      [
        'authorize forged ticket',
        form('/oauth/authorize', { ticket: 'abc.def', decision: 'allow' }),
        'ticket',
      ],
      ['token without grant type', form('/oauth/token', { client_id: 'c' }), 'grant_type'],
      [
        'token unknown grant type',
        form('/oauth/token', { client_id: 'c', grant_type: 'password' }),
        'grant_type',
      ],
      [
        'token bad code',
        form('/oauth/token', {
          client_id: 'c',
          grant_type: 'authorization_code',
          code: 'nope',
          redirect_uri: `${helperUrl}/callback`,
          code_verifier: 'v'.repeat(43),
        }),
        'code',
      ],
      [
        'token short verifier',
        form('/oauth/token', {
          client_id: 'c',
          grant_type: 'authorization_code',
          code: 'x',
          redirect_uri: 'x',
          code_verifier: 'v',
        }),
        'code_verifier',
      ],
      [
        'token JSON body',
        fetch(`${served.url}/oauth/token`, {
          method: 'POST',
          body: '{}',
          headers: { 'Content-Type': 'application/json' },
        }),
        'body',
      ],
      [
        'token other resource',
        form('/oauth/token', {
          client_id: 'c',
          grant_type: 'refresh_token',
          refresh_token: 'r',
          resource: 'https://elsewhere.example/mcp',
        }),
        'resource',
      ],
      ['register not JSON', fetch(`${served.url}/oauth/register`, { method: 'POST', body: 'nope' }), 'body'],
      [
        'register no redirect',
        fetch(`${served.url}/oauth/register`, { method: 'POST', body: '{}' }),
        'redirect_uris',
      ],
      [
        'register http redirect',
        fetch(`${served.url}/oauth/register`, {
          method: 'POST',
          body: JSON.stringify({ redirect_uris: ['http://example.com/cb'] }),
        }),
        'redirect_uris',
      ],
      ['revoke without token', form('/oauth/revoke', { client_id: 'c' }), 'token'],
      [
        'token body too large',
        form('/oauth/token', { client_id: 'c', grant_type: 'x'.repeat(70_000) }),
        'body',
      ],
    ];
    for (const [name, answer, field] of cases) {
      const response = await answer;
      const body = (await response.json()) as { error?: string; error_description?: string };
      expect({ name, status: response.status < 500, error: typeof body.error }).toEqual({
        name,
        status: true,
        error: 'string',
      });
      expect(body.error_description, name).toContain(field);
    }
  });

  /** An empty MCP request with the access token the provider last saved: what a revoked grant refuses. */
  function postWithSavedToken(provider: RecordingProvider): Promise<Response> {
    const { access_token } = provider.saved.tokens as { access_token: string };
    return fetch(`${served.url}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
  }

  // biome-ignore lint/suspicious/noExplicitAny: a test reads whichever fields of an answer it checks
  async function tokenRequest(body: Record<string, string>): Promise<{ status: number; json: any }> {
    const response = await fetch(`${served.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });
    return { status: response.status, json: await response.json() };
  }
});

const clientIdOf = (provider: RecordingProvider) =>
  (provider.saved.client as { client_id: string }).client_id;
