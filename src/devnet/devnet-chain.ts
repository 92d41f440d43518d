import { type Chain, defineChain } from 'viem';

/** The viem chain for a local node, so wallet clients sign for its chain id without asking it. */
export function devnetChain(rpcUrl: string, chainId: number): Chain {
  return defineChain({
    id: chainId,
    name: `Devnet ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}
