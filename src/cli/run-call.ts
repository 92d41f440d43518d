import type { Hex } from 'viem';
import type { Config } from '../config.js';
import { createWalletClient } from '../remote/create-wallet-client.js';
import { MemoryError } from '../service/errors.js';
import { findWalletKey, WalletStoreError } from '../wallet/wallet-store.js';

/**
 * `peermem call PATH [JSON]`: one gateway request made with the wallet (PEERMEM_PRIVATE_KEY, or
 * the one kept by `peermem wallet`), signing in or paying (x402, or MPP with --pay-with mpp) as the
 * gateway asks, within --max-per-call and --daily-budget and recorded in the wallet's spending
 * ledger as remote mode's payments are. Prints the answer; exits 1 unless it is a 200.
 */
export async function runCall(config: Config): Promise<number> {
  const wallet = config.wallet;
  const [target, body = '{}'] = config.args;
  if (wallet === undefined || target === undefined) {
    console.error("peermem: usage: peermem call PATH [JSON]   e.g. peermem call /sessions '{}'");
    return 2;
  }
  let privateKey: Hex;
  try {
    const found = await findWalletKey({
      dir: wallet.dir,
      keychain: wallet.keychain,
      environmentKey: wallet.privateKey,
    });
    if (found === undefined) {
      console.error(
        'peermem: no wallet: set PEERMEM_PRIVATE_KEY, in the environment or in a KEY=value file given with --env-file (as peermem devnet prints), or run peermem wallet init (or import)',
      );
      return 2;
    }
    privateKey = found.privateKey;
  } catch (error) {
    if (!(error instanceof WalletStoreError)) throw error;
    console.error(`peermem: ${error.message}`);
    return 1;
  }
  const client = createWalletClient(wallet, privateKey);
  const path = `/${target.replace(/^\/+/, '').replace(/^api\/memory\//, '')}`;
  let response: Response;
  try {
    response = await client.call(path, body);
  } catch (error) {
    // A payment over the limits, refused, or failing, or an upstream out of reach: one line.
    if (!(error instanceof MemoryError)) throw error;
    console.error(`peermem: ${error.message}${error.hint === undefined ? '' : `. ${error.hint}`}`);
    return 1;
  }
  process.stdout.write(`${await response.text()}\n`);
  return response.status === 200 ? 0 : 1;
}
