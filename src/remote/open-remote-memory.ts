import type { Config } from '../config.js';
import { MemoryError } from '../service/errors.js';
import type { MemoryService } from '../service/memory-service.js';
import { findWalletKey, WalletStoreError } from '../wallet/wallet-store.js';
import { createWalletClient } from './create-wallet-client.js';
import { PlatformClient } from './platform-client.js';
import { createPlatformMemoryService } from './platform-memory-service.js';
import { createRemoteMemoryService } from './remote-memory-service.js';
import { formatUsd } from './spending-ledger.js';

export type RemoteMemory = {
  memory: MemoryService;
  /** For the start-up line: the upstream, the wallet's address and the spending limits. */
  description: string;
};

/**
 * The memory of `peermem mcp --upstream`: a workspace of the upstream's platform API when an API
 * key is given, else the wallet's workspace at its gateway.
 */
export async function openUpstreamMemory(config: Config): Promise<RemoteMemory> {
  if (config.platformUpstream !== undefined)
    return openPlatformMemory(config.platformUpstream, config.workspace);
  if (config.wallet === undefined) throw new MemoryError('unavailable', 'remote mode needs --upstream');
  return openRemoteMemory(config.wallet);
}

/**
 * `peermem mcp --upstream URL --api-key KEY`: the workspace named of the upstream's platform API
 * (/v3), called with the key. Nothing is opened locally; the description names the upstream and
 * says a key is used, never which.
 */
function openPlatformMemory(
  platform: NonNullable<Config['platformUpstream']>,
  workspace: string,
): RemoteMemory {
  const client = new PlatformClient({ upstream: platform.upstream, apiKey: platform.apiKey });
  const { origin, pathname } = client.upstream;
  return {
    memory: createPlatformMemoryService(client, workspace),
    description: `remote: workspace "${workspace}" of the platform API at ${origin}${pathname.replace(/\/$/, '')}, with an API key`,
  };
}

/**
 * The memory of `peermem mcp --upstream`: the wallet's workspace at the upstream gateway, paid
 * within the configured limits. Nothing is opened locally but the wallet's key and its ledger.
 */
async function openRemoteMemory(wallet: NonNullable<Config['wallet']>): Promise<RemoteMemory> {
  let privateKey = wallet.privateKey;
  if (privateKey === undefined) {
    const stored = await findWalletKey({ dir: wallet.dir, keychain: wallet.keychain }).catch(
      (error: unknown) => {
        if (error instanceof WalletStoreError) throw new MemoryError('unavailable', error.message);
        throw error;
      },
    );
    if (stored === undefined) {
      throw new MemoryError(
        'unavailable',
        'remote mode needs a wallet to sign in and pay with, and none is set',
        {
          hint: 'Set PEERMEM_PRIVATE_KEY, or run peermem wallet init (or import) once',
        },
      );
    }
    privateKey = stored.privateKey;
  }
  const client = createWalletClient(wallet, privateKey as `0x${string}`);
  return {
    memory: createRemoteMemoryService(client),
    description: `remote: the memory of wallet ${client.account.address} at ${wallet.upstream}, paying at most ${formatUsd(wallet.maxPerCall)} USD a call and ${formatUsd(wallet.dailyBudget)} USD a day`,
  };
}
