import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/mcp-targets.js';

/** The console's budget: everything a browser downloads for it, gzipped. */
const BUDGET_KIB = 250;

const folder = join(PROJECT_ROOT, 'dist/console');

describe('the built console (dist/console, made by npm run build)', () => {
  it(`stays within ${BUDGET_KIB} KiB gzipped`, async () => {
    const names = await readdir(join(folder, 'assets'));
    let gzipped = 0;
    for (const name of names) gzipped += gzipSync(await readFile(join(folder, 'assets', name))).length;
    gzipped += gzipSync(await readFile(join(folder, 'index.html'))).length;
    console.info(`console assets: ${names.length} files, ${(gzipped / 1024).toFixed(1)} KiB gzipped`);
    expect(gzipped / 1024).toBeLessThan(BUDGET_KIB);
  });

  it('loads only files of its own, each named after its content, with no inline script or style', async () => {
    const shell = await readFile(join(folder, 'index.html'), 'utf8');
    const names = new Set(await readdir(join(folder, 'assets')));
    const loaded = [...shell.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(loaded.filter((url) => url !== 'data:,')).toEqual(
      expect.arrayContaining([expect.stringMatching(/\.js$/), expect.stringMatching(/\.css$/)]),
    );
    for (const url of loaded.filter((url) => url !== 'data:,')) {
      expect(url).toMatch(/^\/console\/assets\/console-[\w-]{8,}\.(js|css)$/);
      expect(names.has(url.replace('/console/assets/', ''))).toBe(true);
    }
    expect(shell).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(shell).not.toMatch(/<style|\sstyle=/);
    expect(shell).not.toMatch(/https?:\/\//);
  });
});
