import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { PROJECT_ROOT } from './mcp-targets.js';

/** Debian's chromium package; nothing is downloaded (`.ci/run` installs it when missing). */
const CHROMIUM = '/usr/bin/chromium';

/** Where each run leaves the screenshots, a folder per page kind, for a person to look at (git-ignored). */
const SCREENSHOTS = join(PROJECT_ROOT, 'test-results');

/** Headless chromium, kept off the network: without these flags it calls home at every start. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    chromiumSandbox: false,
    args: [
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page that records what it logs as an error, and any script error or dialog (none may happen). */
export type WatchedPage = {
  page: Page;
  /** Console errors and uncaught script errors, in order. */
  errors: string[];
  /** Alerts, confirms or prompts opened: a script injected through stored text would open one. */
  dialogs: string[];
};

export async function watchedPage(context: BrowserContext): Promise<WatchedPage> {
  const page = await context.newPage();
  const watched: WatchedPage = { page, errors: [], dialogs: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') watched.errors.push(message.text());
  });
  page.on('pageerror', (error) => watched.errors.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    watched.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return watched;
}

/**
 * Polls until the assertion holds, for up to 30 s: a page answers in milliseconds, but a machine
 * running other suites beside this one can take seconds (vitest's own default gives up after 1 s).
 */
export const eventually = <T>(read: () => T | Promise<T>) =>
  expect.poll(read, { timeout: 30_000, interval: 100 });

/** A full-page screenshot named after what it shows, in test-results/<folder> (the console's by default). */
export async function screenshot(page: Page, name: string, folder = 'console'): Promise<void> {
  await mkdir(join(SCREENSHOTS, folder), { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, folder, `${name}.png`), fullPage: true });
}
