import { type Chain, defineChain } from 'viem';
import { tempo, tempoLocalnet, tempoModerato } from 'viem/chains';

/**
 * The viem chain for a Tempo network: mainnet and Moderato by id, any other id (a local node) as
 * a localnet. Tempo transactions (type 0x76) need the chain's own serializers, which every Tempo
 * definition in viem carries.
 */
export function tempoChain(chainId: number, rpcUrl: string): Chain {
  const known = [tempo, tempoModerato].find((chain) => chain.id === chainId) ?? tempoLocalnet;
  return defineChain({ ...known, id: chainId, rpcUrls: { default: { http: [rpcUrl] } } });
}
