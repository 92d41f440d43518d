import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

type LockEntry = {
  version?: string;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
};

const lockFile = fileURLToPath(new URL('../../package-lock.json', import.meta.url));

/**
 * `npm ci` refuses a lock that lacks an optional package a dependency names, even one for another
 * platform: `npm run lock` writes them all (scripts/complete-lock.mjs).
 */
describe('package-lock.json', () => {
  it('holds every optional package every dependency names, for every platform', async () => {
    const { packages } = JSON.parse(await readFile(lockFile, 'utf8')) as {
      packages: Record<string, LockEntry>;
    };
    /** The entry npm would find for `name` from the package at `path`: beside it, then up the tree. */
    const find = (path: string, name: string): LockEntry | undefined => {
      for (let at = path; ; at = at.slice(0, Math.max(at.lastIndexOf('/node_modules/'), 0))) {
        const entry = packages[`${at ? `${at}/` : ''}node_modules/${name}`];
        if (entry || !at) return entry;
      }
    };
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(packages)) {
      for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
        const found = find(path, name);
        if (!found) missing.push(`${name}@${version} (for ${path})`);
      }
    }
    expect(missing, 'run npm run lock').toEqual([]);
  });

  it('records the platform of the binaries it adds for other systems', async () => {
    const { packages } = JSON.parse(await readFile(lockFile, 'utf8')) as {
      packages: Record<string, LockEntry>;
    };
    for (const name of ['@biomejs/cli-darwin-arm64', '@foundry-rs/anvil-win32-amd64']) {
      const entry = packages[`node_modules/${name}`];
      expect(entry?.version, name).toMatch(/^\d+\.\d+\.\d+/);
      expect(entry?.os?.length, name).toBe(1);
      expect(entry?.cpu?.length, name).toBe(1);
    }
  });
});
