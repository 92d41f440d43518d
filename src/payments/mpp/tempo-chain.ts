import { type Address, type Chain, type Client, createClient, defineChain, http, webSocket } from 'viem';
import { tempo, tempoLocalnet, tempoModerato } from 'viem/chains';

/** pathUSD, the TIP-20 stablecoin every Tempo chain has from genesis (6 decimals). */
export const TEMPO_PATH_USD: Address = '0x20c0000000000000000000000000000000000000';

/**
 * The viem chain for a Tempo network: mainnet and Moderato by id, any other id (a local node) as
 * a localnet. Tempo transactions (type 0x76) need the chain's own serializers, which every Tempo
 * definition in viem carries.
 */
function tempoChain(chainId: number, rpcUrl: string): Chain {
  const known = [tempo, tempoModerato].find((chain) => chain.id === chainId) ?? tempoLocalnet;
  return defineChain({ ...known, id: chainId, rpcUrls: { default: { http: [rpcUrl] } } });
}

/** A client of the Tempo node at `rpcUrl` (http(s) or ws(s)) for chain `chainId`. */
export function tempoClient(chainId: number, rpcUrl: string): Client {
  const transport = /^wss?:/.test(rpcUrl) ? webSocket(rpcUrl) : http(rpcUrl);
  return createClient({ chain: tempoChain(chainId, rpcUrl), transport });
}
