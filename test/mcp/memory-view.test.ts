import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import type { Browser, FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/create-engine.js';
import { listen } from '../../src/http/listen.js';
import { createMcpHttpApp } from '../../src/http/mcp-http-app.js';
import { chooseTools } from '../../src/mcp/tool-profiles.js';
import type { MemoryTool } from '../../tools/tool.js';
import {
  eventually,
  launchChromium,
  screenshot,
  type WatchedPage,
  watchedPage,
} from '../support/console-browser.js';
import { callOk, sharedTestEngine } from '../support/mcp-targets.js';
import { previewHostPage } from '../support/memory-view-host.js';
import { uniqueWorkspace } from '../support/temp-dir.js';

const VIEW = 'ui://peermem/memory-view';

/** A card entry holding markup: the view must show it as text, never run it. */
const MARKUP_ENTRY = '<img src=x onerror=alert(1)> likes <b>bold</b> tags';

type Observations = { items: { id: string; content: string }[] };

type Served = { url: string; client: Client; engine: Engine; close(): Promise<void> };

/**
 * The real HTTP app of `peermem mcp --http` (every tool, or those given) over an in-memory
 * PGlite, on a loopback port, with a plain MCP client of it for the test's own calls.
 */
async function serveMemory(label: string, tools?: readonly MemoryTool[]): Promise<Served> {
  const engine = sharedTestEngine('pglite');
  const app = createMcpHttpApp({ memory: engine.memory(uniqueWorkspace(label)) }, { loopback: true, tools });
  const server = await listen(app.app.fetch, '127.0.0.1', 0);
  // It declares no extension: a client that renders no views.
  const client = new Client({ name: 'text-only-host', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  return {
    url: server.url,
    client,
    engine,
    async close() {
      await client.close();
      await app.close();
      await server.close();
    },
  };
}

/**
 * The preview host in a fresh Chromium page, served from the server's origin so that its MCP
 * client reaches /mcp as a page would, showing what get_peer_card answers for `peer`.
 */
async function openView(
  browser: Browser,
  url: string,
  peer: string,
): Promise<{ watched: WatchedPage; view: FrameLocator }> {
  const hostPage = await previewHostPage();
  const context = await browser.newContext({ viewport: { width: 760, height: 900 } });
  const watched = await watchedPage(context);
  await watched.page.route(`${url}/preview**`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: hostPage }),
  );
  await watched.page.goto(`${url}/preview?tool=get_peer_card&peer=${encodeURIComponent(peer)}`);
  // Waited for without expect.poll, which only runs inside a test (this runs in beforeAll too).
  const status = watched.page.locator('#host-status', { hasText: /answered|failed/ });
  await status.waitFor({ timeout: 60_000 });
  expect(await status.textContent()).toBe('get_peer_card answered; the view shows it');
  return { watched, view: watched.page.frameLocator('iframe') };
}

describe('the memory view (MCP Apps) in Chromium, through the SDK host bridge, on a real server', () => {
  let served: Served;
  let client: Client;
  let browser: Browser;
  let watched: WatchedPage;
  let view: FrameLocator;

  const card = async () =>
    (await callOk<{ peer_card: string[] | null }>(client, 'get_peer_card', { peer: 'alice' })).peer_card;
  const learned = async () =>
    (
      await callOk<Observations>(client, 'list_observations', { observer: 'alice', observed: 'alice' })
    ).items.map((item) => item.content);
  const entryValues = () =>
    view
      .locator('#card-entries input')
      .evaluateAll((inputs) => inputs.map((input) => (input as { value: string }).value));

  beforeAll(async () => {
    served = await serveMemory('memory-view');
    ({ client } = served);
    await callOk(client, 'add_messages', {
      session: 'lisbon-trip',
      messages: [
        { peer: 'alice', content: 'I moved to Lisbon last spring.' },
        { peer: 'alice', content: 'My favourite tea is oolong, never with sugar.' },
      ],
    });
    await callOk(client, 'add_messages', {
      session: 'garden-plans',
      messages: [{ peer: 'alice', content: 'The tomatoes need a taller trellis.' }],
    });
    // What offline learning makes of the messages is learned before the card is written over,
    // so the view opens on a memory that holds still.
    await served.engine.deriver?.drain();
    await callOk(client, 'set_peer_card', {
      peer: 'alice',
      card: ['Name: Alice', 'Lives in Porto', MARKUP_ENTRY],
    });
    await callOk(client, 'create_observations', {
      observations: [
        { observer: 'alice', observed: 'alice', session: 'lisbon-trip', content: 'Alice drinks oolong tea' },
        { observer: 'alice', observed: 'alice', session: 'lisbon-trip', content: 'Alice moved to Lisbon' },
      ],
    });
    await served.engine.deriver?.drain();

    browser = await launchChromium();
    ({ watched, view } = await openView(browser, served.url, 'alice'));
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it('draws the card from the tool result, what was learned with its session, and the recent sessions', async () => {
    await eventually(entryValues).toEqual(['Name: Alice', 'Lives in Porto', MARKUP_ENTRY]);
    // Newest first, as the server lists them: the two written by hand, and what was learned before.
    const newestFirst = (await learned()).reverse();
    expect(newestFirst.length).toBeGreaterThan(2);
    await eventually(() => view.locator('#learned-list li .content').allTextContents()).toEqual(newestFirst);
    expect(await view.locator('#learned-list li').first().textContent()).toMatch(
      /^Alice moved to Lisbonfrom session lisbon-trip · \d{4}-\d\d-\d\dForget$/,
    );
    await eventually(() => view.locator('#sessions-list li .content').allTextContents()).toEqual([
      'garden-plans',
      'lisbon-trip',
    ]);
    expect(await view.locator('#peer').textContent()).toBe('alice');
    // The markup in the entry stayed text: no element was made of it, no script ran.
    expect(await view.locator('img, b').count()).toBe(0);
    await screenshot(watched.page, 'memory-view', 'memory-view');
  });

  it('edits a card entry, removes one and adds one, each through set_peer_card', async () => {
    const second = view.locator('#card-entries li').nth(1);
    await second.locator('input').fill('Lives in Lisbon');
    await second.getByRole('button', { name: 'Save' }).click();
    await eventually(card).toEqual(['Name: Alice', 'Lives in Lisbon', MARKUP_ENTRY]);
    await eventually(() => view.locator('#status').textContent()).toBe('Entry saved');

    await view.locator('#card-entries li').nth(2).getByRole('button', { name: 'Remove' }).click();
    await eventually(card).toEqual(['Name: Alice', 'Lives in Lisbon']);
    await eventually(entryValues).toEqual(['Name: Alice', 'Lives in Lisbon']);

    await view.getByLabel('New card entry').fill('Prefers oolong tea');
    await view.getByRole('button', { name: 'Add' }).click();
    await eventually(card).toEqual(['Name: Alice', 'Lives in Lisbon', 'Prefers oolong tea']);
    await eventually(entryValues).toEqual(['Name: Alice', 'Lives in Lisbon', 'Prefers oolong tea']);
  });

  it('forgets one observation through delete_observation', async () => {
    const before = await learned();
    const left = before.filter((content) => content !== 'Alice moved to Lisbon');
    expect(left).toHaveLength(before.length - 1);
    const moved = view.locator('#learned-list li').filter({ hasText: /^Alice moved to Lisbonfrom/ });
    await moved.getByRole('button', { name: 'Forget' }).click();
    await eventually(learned).toEqual(left);
    const leftNewestFirst = [...left].reverse();
    await eventually(() => view.locator('#learned-list li .content').allTextContents()).toEqual(
      leftNewestFirst,
    );
    await eventually(() => view.locator('#status').textContent()).toBe('Forgotten: Alice moved to Lisbon');
  });

  it('searches messages through search and shows where each was said', async () => {
    await view.getByRole('searchbox').fill('oolong sugar');
    await view.getByRole('button', { name: 'Search' }).click();
    await eventually(() => view.locator('#search-list li').allTextContents()).toEqual([
      expect.stringMatching(/^My favourite tea is oolong, never with sugar\.alice in lisbon-trip · \d{4}-/),
    ]);
    await view.getByRole('searchbox').fill('zeppelin');
    await view.getByRole('button', { name: 'Search' }).click();
    await eventually(() => view.locator('#search-note').textContent()).toBe('No message matches “zeppelin”.');
    await view.getByRole('searchbox').fill('trellis');
    await view.getByRole('button', { name: 'Search' }).click();
    await eventually(() => view.locator('#search-list li .content').allTextContents()).toEqual([
      'The tomatoes need a taller trellis.',
    ]);
    await screenshot(watched.page, 'memory-view-after-changes', 'memory-view');
    // The host page's MCP client asks GET /mcp for a stream of its own, which the server does not
    // offer (405, as the transport allows): the browser logs that. Nothing else may be logged.
    expect(watched.errors.filter((error) => !error.includes('status of 405'))).toEqual([]);
    expect(watched.dialogs).toEqual([]);
  });
});

describe('the memory view for hosts with and without MCP Apps', () => {
  let served: Served;
  let client: Client;

  beforeAll(async () => {
    served = await serveMemory('memory-view-text');
    ({ client } = served);
    await callOk(client, 'set_peer_card', { peer: 'bob', card: ['Name: Bob', 'Plays the cello'] });
  }, 120_000);

  afterAll(async () => {
    await served?.close();
  });

  it('gets the card from get_peer_card as text, the same answer the view is given', async () => {
    const result = await client.callTool({ name: 'get_peer_card', arguments: { peer: 'bob' } });
    expect(result.isError).toBeFalsy();
    const blocks = result.content as { type: string; text: string }[];
    expect(blocks.map((block) => block.type)).toEqual(['text']);
    expect(JSON.parse(blocks[0]?.text ?? '')).toEqual({ peer_card: ['Name: Bob', 'Plays the cello'] });
    expect(result.structuredContent).toEqual({ peer_card: ['Name: Bob', 'Plays the cello'] });
  });

  it('names the view on get_peer_card only, and advertises the MCP Apps extension', async () => {
    const { tools } = await client.listTools();
    const named = tools.filter((tool) => tool._meta !== undefined);
    expect(named.map((tool) => [tool.name, tool._meta])).toEqual([
      ['get_peer_card', { ui: { resourceUri: VIEW } }],
    ]);
    expect(client.getServerCapabilities()?.extensions).toEqual({
      'io.modelcontextprotocol/ui': { mimeTypes: [RESOURCE_MIME_TYPE] },
    });
  });

  it('serves the view as one small self-contained page that loads nothing', async () => {
    const { contents } = await client.readResource({ uri: VIEW });
    const page = contents[0] as { mimeType: string; text: string; _meta?: unknown };
    expect(page.mimeType).toBe('text/html;profile=mcp-app');
    expect(page._meta).toEqual({ ui: { prefersBorder: true } });
    const bytes = Buffer.byteLength(page.text);
    console.info(`memory view: ${bytes} bytes`);
    expect(bytes).toBeLessThan(16_384);
    expect(page.text).toContain("default-src 'none'");
    expect(page.text).not.toMatch(/\s(src|href)=|@import|url\(/);
    expect(page.text).not.toContain('innerHTML');
    const { resources } = await client.listResources();
    expect(resources.find((resource) => resource.uri === VIEW)?.mimeType).toBe(RESOURCE_MIME_TYPE);
  });
});

describe('the memory view on a server that lists only the core tools', () => {
  let served: Served;
  let browser: Browser;

  beforeAll(async () => {
    served = await serveMemory('memory-view-core', chooseTools('core', { pays: false }));
    await callOk(served.client, 'set_peer_card', { peer: 'carol', card: ['Name: Carol'] });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it('shows the card and the search, and says which parts need tools the server does not list', async () => {
    const { watched, view } = await openView(browser, served.url, 'carol');
    await eventually(() => view.locator('#card-entries input').inputValue()).toBe('Name: Carol');
    await eventually(() => view.locator('#learned-note').textContent()).toBe(
      'This server does not list list_observations (it was started with a shorter --tools list), so this part is not shown.',
    );
    await eventually(() => view.locator('#sessions-note').textContent()).toContain('list_peer_sessions');
    await view.getByLabel('New card entry').fill('Plays chess');
    await view.getByLabel('New card entry').press('Enter');
    await eventually(
      async () => (await callOk(served.client, 'get_peer_card', { peer: 'carol' })).peer_card,
    ).toEqual(['Name: Carol', 'Plays chess']);
    await screenshot(watched.page, 'memory-view-core-tools', 'memory-view');
  });
});
