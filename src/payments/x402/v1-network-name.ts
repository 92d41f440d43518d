import { EVM_NETWORK_CHAIN_ID_MAP } from '@x402/evm/v1';

/**
 * The name an x402 v1 client knows a chain by ("base" for 8453): v1 predates CAIP-2 ids, so
 * only the chains it lists can be paid on with v1. Undefined for any other chain.
 */
export function v1NetworkName(chainId: number): string | undefined {
  for (const [name, id] of Object.entries(EVM_NETWORK_CHAIN_ID_MAP)) {
    if (id === chainId) return name;
  }
  return undefined;
}
