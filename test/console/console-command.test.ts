import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { eventually, launchChromium, screenshot, watchedPage } from '../support/console-browser.js';
import { PROJECT_ROOT, spawnServer } from '../support/mcp-targets.js';
import { makeTempDir } from '../support/temp-dir.js';

/** `peermem console` as a user starts it, read until it prints its link. */
async function startConsole(
  dataDir: string,
): Promise<{ child: ChildProcess; link: string; stderr: () => string }> {
  const child = spawn(
    process.execPath,
    [join(PROJECT_ROOT, 'dist/src/main.js'), 'console', '--data-dir', dataDir, '--port', '0'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (data: Buffer) => {
    stderr += data.toString();
  });
  const link = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`console did not start: ${stderr}`)), 180_000);
    child.stdout?.on('data', (data: Buffer) => {
      stdout += data.toString();
      const found = /(http:\/\/\S+\/console\/sign-in\?token=\S+)/.exec(stdout)?.[1];
      if (found !== undefined) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', () => reject(new Error(`console exited: ${stderr}`)));
  });
  return { child, link, stderr: () => stderr };
}

describe('peermem console', () => {
  let browser: Browser;
  let folder: Awaited<ReturnType<typeof makeTempDir>>;
  let mcp: Client;
  let served: Awaited<ReturnType<typeof startConsole>>;

  beforeAll(async () => {
    folder = await makeTempDir();
    // An editor's MCP server holds the data folder first; the console joins it.
    mcp = new Client({ name: 'console-command-test', version: '1.0.0' });
    await mcp.connect(spawnServer(['--data-dir', folder.path, '--workspace', 'notes']));
    // The first call opens the data folder; on a busy machine that outlasts the SDK's 60 s default.
    const written = await mcp.callTool(
      {
        name: 'add_messages',
        arguments: {
          session: 'diary',
          messages: [{ peer: 'me', content: 'I adopted a cat called <b>Miso</b>.' }],
        },
      },
      { timeout: 240_000 },
    );
    expect(written.isError).toBeFalsy();
    [browser, served] = await Promise.all([launchChromium(), startConsole(folder.path)]);
  }, 480_000);

  afterAll(async () => {
    await browser?.close();
    if (served !== undefined && served.child.exitCode === null) {
      const exited = new Promise((resolve) => served.child.once('exit', resolve));
      served.child.kill('SIGTERM');
      await exited;
    }
    await mcp?.close();
    await folder?.remove();
  });

  it('serves loopback only, and never prints its admin key', () => {
    expect(() => loadConfig(['console', '--host', '0.0.0.0'])).toThrow(/this machine only/);
    expect(served.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/console\/sign-in\?token=[\w-]{43}$/);
    expect(served.stderr()).toContain('console at http://127.0.0.1:');
    expect(served.stderr()).not.toMatch(/admin key [\w-]{20,}/);
  });

  it('signs in once by its link, and shows what the MCP server wrote to the same data folder', async () => {
    const context = await browser.newContext();
    const watched = await watchedPage(context);
    const { page } = watched;
    await page.goto(served.link);
    await page.waitForURL('**/console/workspaces');
    await eventually(() => page.getByRole('link', { name: 'notes', exact: true }).count()).toBe(1);
    await page.goto(`${new URL(served.link).origin}/console/workspaces/notes/sessions/diary`);
    await eventually(() => page.locator('ol.timeline').textContent()).toContain(
      'I adopted a cat called <b>Miso</b>.',
    );
    expect(await page.locator('b').count()).toBe(0);
    await screenshot(page, '16-peermem-console');
    expect(watched.errors).toEqual([]);

    // The link is spent: another browser profile gets the sign-in page with a word why.
    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto(served.link);
    await second.waitForURL('**/console?link=used');
    await eventually(() => second.getByRole('alert').textContent()).toContain('used already or has expired');
    await other.close();
    await context.close();
  });
});
