import type { Devnet } from './start-devnet.js';

/**
 * The environment that points a peermem server and a paying client at a devnet, in the order
 * they are printed as `KEY=value` lines. The server settles x402 with its built-in facilitator
 * and MPP on the devnet's Tempo node, whose fees its fee payer covers.
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
    ['PEERMEM_MPP_CHAIN_ID', String(devnet.tempo.chainId)],
    ['PEERMEM_MPP_CURRENCY', devnet.tempo.currency.address],
    ['PEERMEM_MPP_RPC_URL', devnet.tempo.rpcUrl],
    ['PEERMEM_MPP_FEE_PAYER_PRIVATE_KEY', devnet.tempo.feePayer.privateKey],
    ['PEERMEM_MPP_SECRET_KEY', devnet.mppSecretKey],
    ['PEERMEM_PRIVATE_KEY', devnet.payer.privateKey],
    ['PEERMEM_UPSTREAM', serverUrl],
  ];
}
