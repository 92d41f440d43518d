import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  launchChromium,
  screenshot,
  type WatchedPage,
  watchedPage,
} from '../support/console-browser.js';
import {
  CONSOLE_ADMIN_KEY,
  type ConsolePlatform,
  IMG_ATTACK,
  SCRIPT_ATTACK,
  seedConsoleData,
  startConsolePlatform,
} from './console-platform.js';

type OpenApi = {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
};

/** Chrome logs each refused fetch as a console error; a test that expects a refusal names it. */
const refusedWith = (status: number) => (text: string) =>
  text.includes(`the server responded with a status of ${status}`);

describe('the web console in a real browser', () => {
  let platform: ConsolePlatform;
  let browser: Browser;
  let context: BrowserContext;
  let watched: WatchedPage;
  let allowed: ((text: string) => boolean)[] = [];
  /** Every message written to the workspace acme, counted as the seeding wrote them. */
  let acmeMessages = 0;

  /** A new browser profile signed in with `key` (the admin key unless told), on a new page. */
  async function signedIn(key = CONSOLE_ADMIN_KEY): Promise<Page> {
    context = await browser.newContext({ baseURL: platform.url });
    const answer = await context.request.post('/console/api/session', { data: { key } });
    expect(answer.status()).toBe(200);
    watched = await watchedPage(context);
    return watched.page;
  }

  beforeAll(async () => {
    [platform, browser] = await Promise.all([startConsolePlatform(), launchChromium()]);
    acmeMessages = await seedConsoleData(platform);
  }, 300_000);

  afterEach(async () => {
    // What every page must hold to: no script error, no console error it did not expect, and
    // nothing stored ran (no dialog, no flag set by an injected handler).
    const pwned = await watched?.page
      .evaluate(() => (globalThis as { __pwned?: boolean }).__pwned)
      .catch(() => undefined);
    const unexpected = watched?.errors.filter((text) => !allowed.some((allow) => allow(text))) ?? [];
    const dialogs = watched?.dialogs ?? [];
    allowed = [];
    await context?.close();
    expect(pwned).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(unexpected).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  it('signs in with the one "API key" field, refusing a wrong key, and shows the workspaces', async () => {
    context = await browser.newContext({ baseURL: platform.url });
    watched = await watchedPage(context);
    const { page } = watched;
    await page.goto('/console');
    await eventually(() => page.getByLabel('API key').isVisible()).toBe(true);
    await screenshot(page, '01-sign-in');
    allowed = [refusedWith(401)];
    await page.getByLabel('API key').fill('not-a-key-of-this-server');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toContain('unknown, revoked or expired');
    await page.getByLabel('API key').fill(CONSOLE_ADMIN_KEY);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/console/workspaces');
    await eventually(() => page.getByRole('link', { name: 'acme', exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'other', exact: true }).count()).toBe(1);
    await screenshot(page, '02-workspaces');
  });

  it('shows a workspace: its counts, queue, peers, sessions and metadata as text; edits the metadata', async () => {
    const page = await signedIn();
    await page.goto('/console/workspaces/acme');
    const figures = page.locator('dl.figures');
    await eventually(() => figures.textContent()).toContain(`Messages${acmeMessages}`);
    await eventually(() => page.getByRole('link', { name: 'alice', exact: true }).count()).toBe(1);
    await eventually(() => page.getByRole('link', { name: 'chat-1', exact: true }).count()).toBe(1);
    await eventually(() => page.locator('pre.json').first().textContent()).toContain(IMG_ATTACK);
    expect(await page.locator('img').count()).toBe(0);
    await screenshot(page, '03-workspace');
    await page.getByRole('button', { name: 'Edit metadata' }).click();
    await page.getByLabel('Metadata (a JSON object)').fill('{"plan": "team"}');
    await page.getByRole('button', { name: 'Save metadata' }).click();
    await eventually(() => page.getByRole('status').textContent()).toContain('Metadata saved');
    expect((await platform.call('GET', '/v3/workspaces/acme')).json.metadata).toEqual({ plan: 'team' });
  });

  it('shows a peer: card edits, observations with sources and history, representation, chat, search, sessions', async () => {
    const page = await signedIn();
    await page.goto('/console/workspaces/acme/peers/alice');
    const card = page.locator('ul.card');
    await eventually(() => card.textContent()).toContain(IMG_ATTACK);
    await page.getByLabel('New entry').fill('Likes green tea');
    await page.getByRole('button', { name: 'Add to the card' }).click();
    await eventually(
      async () => (await platform.call('GET', '/v3/workspaces/acme/peers/alice/card')).json.peer_card,
    ).toContain('Likes green tea');
    await page.getByRole('button', { name: 'Remove "Works as a nurse"' }).click();
    await eventually(
      async () => (await platform.call('GET', '/v3/workspaces/acme/peers/alice/card')).json.peer_card,
    ).not.toContain('Works as a nurse');
    expect((await platform.call('GET', '/v3/workspaces/acme/peers/alice/card')).json.peer_card).toContain(
      'Likes green tea',
    );
    // The representation quotes the card as it is now, not as the page found it.
    // Each change redraws it; wait for the redraw after the removal, not the one after the addition.
    await eventually(() => page.locator('pre.prose').textContent()).not.toContain('Works as a nurse');
    expect(await page.locator('pre.prose').textContent()).toContain('Likes green tea');

    const observations = page.locator('ol.observations');
    await eventually(() => observations.textContent()).toContain('Porto');
    await page.locator('ol.observations details').first().locator('summary').click();
    expect(await page.locator('ul.sources').first().textContent()).toContain('chat-1');
    await screenshot(page, '04-peer');
    await page.getByLabel('History: observations a newer one replaced').check();
    await eventually(() => page.locator('ol.observations.history').textContent()).toContain('Lisbon');
    await screenshot(page, '05-peer-history');
    await page.getByLabel('History: observations a newer one replaced').uncheck();
    await eventually(() => page.locator('ol.observations.history').count()).toBe(0);

    const before = (await platform.call('GET', '/v3/workspaces/acme/peers/alice/observations')).json
      .total as number;
    await page.locator('ol.observations > li').first().getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await eventually(
      async () => (await platform.call('GET', '/v3/workspaces/acme/peers/alice/observations')).json.total,
    ).toBe(before - 1);

    await eventually(() => page.locator('pre.prose').textContent()).toContain('Porto');
    await page.getByLabel('Question about alice').fill('Where does alice live?');
    await page.getByLabel('Reasoning level').selectOption('medium');
    await page.getByRole('button', { name: 'Ask' }).click();
    await eventually(() => page.locator('.answer .content').textContent()).toContain('Porto');
    await page.getByLabel('Words or meaning').fill('nurse');
    await page.getByRole('button', { name: 'Search' }).click();
    await eventually(() =>
      page.locator('#search ~ ol.timeline, section:has(#search) ol.timeline').textContent(),
    ).toContain('nurse');
    expect(await page.locator('section:has(#peer-sessions)').textContent()).toContain('chat-1');
    expect(await page.locator('img').count()).toBe(0);
    await screenshot(page, '06-peer-answers');

    // Clearing the card and deleting a peer are offered because this server's API has them.
    const operations = (await (await fetch(`${platform.url}/openapi.json`)).json()) as OpenApi;
    const cardBody = operations.paths['/v3/workspaces/{workspace_id}/peers/{peer_id}/card']?.put?.requestBody;
    const cardSchema = cardBody?.content['application/json']?.schema as {
      properties?: Record<string, { minItems?: number }>;
    };
    expect(cardSchema.properties?.peer_card?.minItems ?? 0).toBe(0);
    expect(operations.paths['/v3/workspaces/{workspace_id}/peers/{peer_id}']?.delete).toBeDefined();
    await page.getByRole('button', { name: 'Clear card' }).click();
    await page.getByRole('button', { name: 'Yes, clear card' }).click();
    await eventually(
      async () => (await platform.call('GET', '/v3/workspaces/acme/peers/alice/card')).json.peer_card,
    ).toEqual([]);
    await eventually(() => page.locator('section:has(#card)').textContent()).toContain('The card is empty.');
    await page.goto('/console/workspaces/acme/peers/dave');
    await eventually(() => page.locator('section:has(#peer-sessions)').textContent()).toContain('chat-2');
    await page.getByRole('button', { name: 'Delete peer' }).click();
    await page.getByRole('button', { name: 'Yes, delete peer' }).click();
    await page.waitForURL('**/console/workspaces/acme');
    expect(
      (await platform.call('POST', '/v3/workspaces/acme/peers/list', { filters: { id: 'dave' } })).json.total,
    ).toBe(0);
    expect(
      (await platform.call('POST', '/v3/workspaces/acme/sessions/chat-2/messages/list')).json.total,
    ).toBe(0);
    // Dave's one message went with him: the counts read later see one fewer.
    acmeMessages -= 1;
  });

  it('shows a session: a paged timeline filtered by peer, details, summaries, member switches, context, clone, delete', async () => {
    const page = await signedIn();
    await page.goto('/console/workspaces/acme/sessions/chat-1');
    const timeline = page.locator('section:has(#messages) ol.timeline > li');
    await eventually(() => timeline.count()).toBe(20);
    expect(await page.locator('section:has(#messages) .pager').textContent()).toContain('Page 1 of 2');
    expect(await page.locator('section:has(#messages)').textContent()).toContain(IMG_ATTACK);
    expect(await page.locator('section:has(#messages)').textContent()).toContain(SCRIPT_ATTACK);
    await timeline.nth(2).getByRole('button', { name: 'Details' }).click();
    expect(await page.locator('dl.details').textContent()).toContain(IMG_ATTACK);
    await screenshot(page, '07-session');
    await page.locator('section:has(#messages) .pager').getByRole('button', { name: 'Next' }).click();
    await eventually(() => timeline.first().textContent()).toContain('Small talk number 18');
    await page.getByLabel('From').selectOption('bob');
    await eventually(async () =>
      (await timeline.allTextContents()).every((text) => text.startsWith('bob')),
    ).toBe(true);
    expect(await page.locator('section:has(#messages) .pager').textContent()).toContain('12 in all');

    const observeOthers = page.getByRole('switch', { name: 'observe_others for bob' });
    await eventually(() => observeOthers.isEnabled()).toBe(true);
    await observeOthers.check();
    await eventually(
      async () => (await platform.call('GET', '/v3/workspaces/acme/sessions/chat-1/peers/bob/config')).json,
    ).toEqual({ observe_me: true, observe_others: true });

    await page.getByLabel('Token budget').fill('60');
    await page.getByLabel('About').selectOption('alice');
    await page.getByRole('button', { name: 'Get context' }).click();
    await eventually(() => page.locator('.context').textContent()).toContain('Representation');
    await screenshot(page, '08-session-context');

    await page.getByRole('button', { name: 'Clone session' }).click();
    await page.waitForURL(
      (url) =>
        url.pathname.startsWith('/console/workspaces/acme/sessions/') && !url.pathname.endsWith('chat-1'),
    );
    const copy = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    expect(
      (await platform.call('POST', '/v3/workspaces/acme/sessions/list', { filters: { id: copy } })).json
        .total,
    ).toBe(1);
    // The page's own reads of the session may still be under way when it is deleted: they 404.
    allowed = [refusedWith(404)];
    await page.getByRole('button', { name: 'Delete session' }).click();
    await page.getByRole('button', { name: 'Yes, delete session' }).click();
    await page.waitForURL('**/console/workspaces/acme');
    expect(
      (await platform.call('POST', '/v3/workspaces/acme/sessions/list', { filters: { id: copy } })).json
        .total,
    ).toBe(0);
  });

  it('sends any route of /openapi.json from the playground, and shows it as curl without the key', async () => {
    const page = await signedIn();
    await page.goto('/console/playground');
    const route = page.getByLabel('Route');
    await eventually(() => route.locator('option').count()).toBeGreaterThan(40);
    await route.selectOption({ label: 'GET /v3/workspaces/{workspace_id}/counts' });
    await page.getByLabel(/^workspace_id/).fill('acme');
    await page.getByRole('button', { name: 'Send' }).click();
    await eventually(() => page.locator('strong.ok').textContent()).toContain('200');
    expect(await page.locator('pre.json').textContent()).toContain(`"messages": ${acmeMessages}`);
    const curl = (await page.locator('pre.curl').textContent()) ?? '';
    expect(curl).toContain(`curl -X GET '${platform.url}/v3/workspaces/acme/counts'`);
    expect(curl).toContain('$PEERMEM_API_KEY');
    expect(curl).not.toContain(CONSOLE_ADMIN_KEY);
    // A change goes out with the session's CSRF token, as every page's do.
    await route.selectOption({ label: 'POST /v3/workspaces/{workspace_id}/peers' });
    await page.getByLabel(/^workspace_id/).fill('acme');
    await page.getByLabel('Body (JSON)').fill('{"id": "carol"}');
    await page.getByRole('button', { name: 'Send' }).click();
    await eventually(() => page.locator('strong.ok').textContent()).toContain('200');
    expect(
      (await platform.call('POST', '/v3/workspaces/acme/peers/list', { filters: { id: 'carol' } })).json
        .total,
    ).toBe(1);
    await screenshot(page, '09-playground');
  });

  it('mints a key shown once, which reaches its workspace only, and revoking it ends its sign-in', async () => {
    const page = await signedIn();
    await page.goto('/console/keys');
    await page.getByLabel('Workspace id').fill('acme');
    await page.getByLabel('Name (optional)').fill('console test');
    await page.getByRole('button', { name: 'Mint key' }).click();
    const minted = page.getByLabel('New key');
    await eventually(() => minted.inputValue()).toMatch(/^pm_/);
    const key = await minted.inputValue();
    await eventually(() => page.locator('table').textContent()).toContain('console test');
    await screenshot(page, '10-keys');
    const listed = (await platform.call('GET', '/v3/keys')).json as {
      id: string;
      name: string;
      workspace_id: string;
    }[];
    const found = listed.find((item) => item.name === 'console test');
    expect(found?.workspace_id).toBe('acme');
    await context.close();

    const scoped = await signedIn(key);
    allowed = [refusedWith(403)];
    await scoped.goto('/console/workspaces');
    await eventually(() => scoped.getByRole('link', { name: 'acme', exact: true }).count()).toBe(1);
    expect(await scoped.getByRole('link', { name: 'other', exact: true }).count()).toBe(0);
    await scoped.goto('/console/workspaces/other/sessions/secret');
    await eventually(() => scoped.getByRole('alert').first().textContent()).toContain('Not with this key');
    expect(await scoped.locator('main').textContent()).not.toContain('A secret of another workspace');
    await screenshot(scoped, '11-refused-deep-link');

    await platform.call('DELETE', `/v3/keys/${found?.id}`);
    await scoped.goto('/console/workspaces/acme');
    await eventually(() => scoped.getByLabel('API key').isVisible()).toBe(true);
  });

  it('lets a peer key see its own peer, and not the workspace around it', async () => {
    const minted = await platform.call('POST', '/v3/keys?workspace_id=acme&peer_id=alice');
    const page = await signedIn(minted.json.key);
    allowed = [refusedWith(403)];
    await page.goto('/console/workspaces');
    await page.getByRole('link', { name: 'alice', exact: true }).click();
    await eventually(() => page.locator('ol.observations > li').count()).toBeGreaterThan(0);
    await page.goto('/console/workspaces/acme');
    await eventually(() => page.getByRole('alert').first().textContent()).toContain('Not with this key');
  });

  it('manages webhooks: an endpoint with its secret shown once, a test delivered, deleted', async () => {
    const received: string[] = [];
    const receiver: Server = createServer((request, response) => {
      request.on('data', (chunk: Buffer) => received.push(chunk.toString()));
      request.on('end', () => response.end('ok'));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const page = await signedIn();
      await page.goto('/console/workspaces/acme/webhooks');
      await page.getByLabel('Endpoint URL').fill(hook);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await eventually(() => page.getByLabel(/^Signing secret/).inputValue()).toMatch(/\S{16,}/);
      await page.getByRole('button', { name: 'Send a test event' }).click();
      await eventually(() => received.join('')).toContain('test.event');
      await eventually(async () => {
        await page.getByRole('button', { name: 'Refresh deliveries' }).click();
        return page.locator('td.status').allTextContents();
      }).toContain('delivered');
      await screenshot(page, '12-webhooks');
      await page.getByRole('button', { name: 'Delete endpoint' }).click();
      await page.getByRole('button', { name: 'Yes, delete endpoint' }).click();
      await eventually(
        async () => (await platform.call('GET', '/v3/workspaces/acme/webhooks')).json.total,
      ).toBe(0);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('manages organizations: members, admin rights and workspaces', async () => {
    const page = await signedIn();
    await page.goto('/console/organizations');
    await page.getByLabel('New organization id').fill('acme-org');
    await page.getByLabel('Name').fill('Acme & Co <b>');
    await page.getByRole('button', { name: 'Create' }).click();
    const section = page.locator('section:has(#organization-acme-org)');
    await eventually(() => section.locator('h2').textContent()).toContain('Acme & Co <b>');
    await section.getByLabel('Member (name or email)').fill('ada@example.com');
    await section.getByRole('button', { name: 'Add member' }).click();
    const admin = section.getByRole('switch', { name: 'ada@example.com is an admin' });
    await eventually(() => admin.count()).toBe(1);
    // The write is held back, as on a loaded server: the switch shows the new position at once,
    // is disabled until the write is answered, and stays on through the reload that follows.
    const memberPath = '**/v3/organizations/acme-org/members/**';
    await page.route(memberPath, async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await request.continue();
    });
    await admin.check();
    expect(await admin.isDisabled()).toBe(true);
    await eventually(() => admin.isDisabled()).toBe(false);
    expect(await admin.isChecked()).toBe(true);
    await page.unroute(memberPath);
    await eventually(
      async () => (await platform.call('GET', '/v3/organizations/acme-org/members')).json,
    ).toMatchObject([{ member: 'ada@example.com', role: 'admin' }]);
    await section.getByLabel('Give it a workspace id').fill('acme');
    await section.getByRole('button', { name: 'Give' }).click();
    await eventually(
      async () => (await platform.call('GET', '/v3/organizations/acme-org/workspaces')).json,
    ).toEqual(['acme']);
    await screenshot(page, '13-organizations');
    await section.getByRole('button', { name: 'Remove' }).click();
    await section.getByRole('button', { name: 'Yes, remove' }).click();
    await eventually(
      async () => (await platform.call('GET', '/v3/organizations/acme-org/members')).json,
    ).toEqual([]);
  });

  it('shows on the usage page the requests made to a workspace, and renders the status page', async () => {
    // A workspace of its own, so that the figures are this test's requests alone.
    expect((await platform.call('POST', '/v3/workspaces', { id: 'metered' })).status).toBe(200);
    const made: { route: string; status: number }[] = [];
    const call = async (route: string, path: string, body: unknown) =>
      made.push({ route: `POST ${route}`, status: (await platform.call('POST', path, body)).status });
    for (const id of ['ann', 'ben', 'cal', ''])
      await call('/v3/workspaces/{workspace_id}/peers', '/v3/workspaces/metered/peers', { id });
    for (let i = 0; i < 2; i++)
      await call('/v3/workspaces/{workspace_id}/peers/list', '/v3/workspaces/metered/peers/list', {});
    await call('/v3/workspaces/{workspace_id}/sessions', '/v3/workspaces/metered/sessions', { id: 'talk' });
    expect(made.map((request) => request.status)).toEqual([200, 200, 200, 422, 200, 200, 200]);

    const page = await signedIn();
    await page.goto('/console/usage');
    await page.getByLabel('Workspace', { exact: true }).fill('metered');
    await page.getByRole('button', { name: 'Show' }).click();
    await eventually(() => page.locator('main').textContent()).toContain('Scope: workspace metered');
    const rows = await page
      .locator('main table tbody tr')
      .evaluateAll((found) =>
        found.map((row) => [...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent)),
      );
    const expected = new Map<string, { requests: number; statuses: Record<number, number> }>();
    for (const { route, status } of made) {
      const figures = expected.get(route) ?? { requests: 0, statuses: {} };
      figures.requests += 1;
      figures.statuses[status] = (figures.statuses[status] ?? 0) + 1;
      expected.set(route, figures);
    }
    expect(rows.sort()).toEqual(
      [...expected.entries()]
        .map(([route, figures]) => [
          route,
          String(figures.requests),
          Object.entries(figures.statuses)
            .map(([status, count]) => `${status}: ${count}`)
            .join(', '),
        ])
        .sort(),
    );
    const figure = (label: string) =>
      page
        .locator('dl.figures div')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd');
    expect(await figure('Requests').textContent()).toBe(String(made.length));
    expect(await figure('Server errors (5xx)').textContent()).toBe('0');
    await screenshot(page, '14-usage');

    await page.goto('/console/status');
    await eventually(() => page.locator('main dl.figures').count()).toBe(1);
    expect(await figure('Version').textContent()).toBe('0.0.0-test');
    expect(await figure('Database').textContent()).toBe('postgres: the test database');
    await eventually(() => page.locator('main table tbody tr').count()).toBe(1);
    expect(await page.locator('main table tbody tr').textContent()).toContain(`pid ${process.pid}`);
    await screenshot(page, '15-status');
  });

  it('refuses a change without the CSRF token, and a sign-in sent from another origin', async () => {
    const page = await signedIn();
    await page.goto('/console/workspaces');
    await eventually(() => page.getByRole('link', { name: 'acme', exact: true }).count()).toBe(1);
    allowed = [refusedWith(403)];
    const without = await page.evaluate(async () => {
      const response = await fetch('/v3/workspaces/acme', {
        method: 'DELETE',
        headers: { 'Content-Type': 'application/json' },
      });
      return { status: response.status, body: (await response.json()) as { detail: string } };
    });
    expect(without.status).toBe(403);
    expect(without.body.detail).toContain('X-CSRF-Token');
    expect((await platform.call('GET', '/v3/workspaces/acme')).status).toBe(200);
    const elsewhere = await context.request.post('/console/api/session', {
      data: { key: CONSOLE_ADMIN_KEY },
      headers: { Origin: 'http://127.0.0.1:1' },
    });
    expect(elsewhere.status()).toBe(403);
  });

  it('signs out: the session is deleted, and its cookie reaches nothing', async () => {
    const page = await signedIn();
    await page.goto('/console/keys');
    // The sessions of the other tests' browser profiles stay until they expire; this one goes.
    const before = (await platform.database.query('SELECT 1 FROM console_sessions')).length;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await eventually(() => page.getByLabel('API key').isVisible()).toBe(true);
    expect((await context.request.get('/v3/workspaces/acme/counts')).status()).toBe(401);
    expect(await platform.database.query('SELECT 1 FROM console_sessions')).toHaveLength(before - 1);
  });
});
