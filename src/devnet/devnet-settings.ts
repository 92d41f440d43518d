import type { Devnet } from './start-devnet.js';

/**
 * The environment that points a peermem server and a paying client at a devnet, in the order
 * they are printed as `KEY=value` lines. The server settles with its built-in facilitator.
 */
export function devnetSettings(devnet: Devnet, serverUrl: string): [key: string, value: string][] {
  return [
    ['PEERMEM_X402_NETWORK', devnet.network],
    ['PEERMEM_X402_ASSET', devnet.usdc.address],
    ['PEERMEM_X402_ASSET_NAME', devnet.usdc.name],
    ['PEERMEM_X402_ASSET_VERSION', devnet.usdc.version],
    ['PEERMEM_PAY_TO', devnet.payee.address],
    ['PEERMEM_RPC_URL', devnet.rpcUrl],
    ['PEERMEM_FACILITATOR_PRIVATE_KEY', devnet.facilitator.privateKey],
    ['PEERMEM_PRIVATE_KEY', devnet.payer.privateKey],
    ['PEERMEM_UPSTREAM', serverUrl],
  ];
}
