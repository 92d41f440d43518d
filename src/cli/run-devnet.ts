import type { Config } from '../config.js';
import { requireDevnetPackages } from '../devnet/devnet-packages.js';
import { devnetSettings } from '../devnet/devnet-settings.js';
import { startDevnet } from '../devnet/start-devnet.js';
import { stopOnExit } from './stop-on-exit.js';

/**
 * `peermem devnet`: a local chain with Circle's USDC and a funded payer, for trying the gateway
 * without real money. Prints the settings for `peermem serve` and a paying client as KEY=value
 * lines, then `ready`, and runs until told to stop. Its node and contracts are development
 * dependencies: without them it says how to install them.
 */
export async function runDevnet(config: Config): Promise<void> {
  requireDevnetPackages();
  const devnet = await startDevnet();
  const gatewayUrl = config.publicUrl ?? `http://127.0.0.1:${config.port}`;
  for (const [key, value] of devnetSettings(devnet, gatewayUrl)) process.stdout.write(`${key}=${value}\n`);
  process.stdout.write('ready\n');
  await stopOnExit(() => devnet.stop(), { onStdinClose: false });
}
