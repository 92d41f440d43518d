import envPaths from 'env-paths';
import { TEMPO_MAINNET_CHAIN_ID } from '../payments/payment-settings.js';
import { ConfigError } from './config-error.js';
import { defaultOf, type Pick } from './parse-flags.js';
import { knownTempoChain } from './serve-config.js';
import type { From } from './setting-value.js';

/**
 * Whether `mcp` serves the memory kept at an upstream, and the platform API key it calls it
 * with; the flags of remote mode given where they would be ignored are refused.
 */
export function remoteMode(
  command: string,
  values: { upstream?: string; 'api-key'?: string },
  pick: Pick,
  workspaceFromDir: string | boolean | undefined,
) {
  const remote = command === 'mcp' && Boolean(pick('upstream'));
  // Given on the command line to a command that works on the local memory, it would be ignored.
  if (
    values.upstream !== undefined &&
    !['mcp', 'call', 'wallet', 'help', 'version'].includes(String(command))
  ) {
    throw new ConfigError(
      `--upstream: peermem ${command} works on the local memory; only peermem mcp, call and wallet use an upstream gateway`,
    );
  }
  // With an API key the upstream is a platform, whose workspaces are named; without, a gateway.
  const apiKey = remote ? pick('api-key') || undefined : undefined;
  if (values['api-key'] !== undefined && !remote) {
    throw new ConfigError(
      "--api-key: only used by peermem mcp with --upstream, to call that upstream's platform API",
    );
  }
  if (remote && apiKey === undefined && (pick('workspace') !== undefined || workspaceFromDir !== undefined)) {
    throw new ConfigError(
      `${pick('workspace') !== undefined ? '--workspace (PEERMEM_WORKSPACE)' : '--workspace-from-dir (PEERMEM_WORKSPACE_FROM_DIR)'}: not used with --upstream: the upstream keeps one workspace per wallet, the wallet's own; remove it, or use another wallet for another memory`,
    );
  }
  return { remote, apiKey };
}

/** The wallet of `call`, `wallet` and `mcp --upstream` (with no API key), and the gateway it calls. */
export function walletSettings(pick: Pick, from: From, port: string | boolean | undefined) {
  return {
    privateKey: from('PEERMEM_PRIVATE_KEY', (key) => key || undefined),
    upstream: from('upstream', (url) => url || `http://127.0.0.1:${port}`),
    dir: from('wallet-dir', (dir) => dir ?? envPaths('peermem', { suffix: '' }).config),
    keychain: !['off', 'false', '0', 'no'].includes(
      String(pick('PEERMEM_KEYCHAIN') ?? defaultOf('PEERMEM_KEYCHAIN')).toLowerCase(),
    ),
    rpcUrl: from('rpc-url', (url) => url || undefined),
    maxPerCall: from('max-per-call', (usd) => usd ?? defaultOf('max-per-call')),
    dailyBudget: from('daily-budget', (usd) => usd ?? defaultOf('daily-budget')),
    ...(pick('x402-network') && pick('x402-asset')
      ? { allowedAsset: { network: pick('x402-network'), asset: pick('x402-asset') } }
      : {}),
    payWith: from('pay-with', (protocol) => protocol ?? defaultOf('pay-with')),
    tempo: {
      chainId: from('mpp-chain-id', (id) => id ?? TEMPO_MAINNET_CHAIN_ID),
      rpcUrl: from('mpp-rpc-url', (url) => url ?? knownTempoChain(pick)?.rpcUrl),
      currency: pick('mpp-currency'),
    },
  };
}
