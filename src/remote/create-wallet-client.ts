import type { Hex } from 'viem';
import type { Config } from '../config.js';
import { SpendingLedger } from './spending-ledger.js';
import { UpstreamClient } from './upstream-client.js';

/**
 * The one client that signs in and pays with the wallet of `privateKey` at the configured
 * upstream (remote mode and `peermem call` alike): every payment is checked against
 * --max-per-call and --daily-budget before it is signed, and recorded in the ledger beside the
 * wallet's key, which all processes using the wallet share.
 */
export function createWalletClient(wallet: NonNullable<Config['wallet']>, privateKey: Hex): UpstreamClient {
  const ledger = new SpendingLedger(wallet.dir, {
    maxPerCall: wallet.maxPerCall,
    dailyBudget: wallet.dailyBudget,
  });
  return new UpstreamClient({
    upstream: wallet.upstream,
    privateKey,
    ledger,
    payWith: wallet.payWith,
    ...(wallet.allowedAsset === undefined ? {} : { x402Assets: [wallet.allowedAsset] }),
    mpp: {
      rpcUrls: { [wallet.tempo.chainId]: wallet.tempo.rpcUrl },
      ...(wallet.tempo.currency === undefined ? {} : { currencies: [wallet.tempo.currency] }),
    },
  });
}
