import type { ListPeersInput, ListPeersOutput, Peer } from '../schemas/peer.js';
import type { MemoryService } from './memory-service.js';

// The largest page a list gives.
const PAGE_SIZE = 100;

/**
 * Every peer of a workspace, as the gateway's `/peers` answers (the spec has it unpaginated):
 * read a page at a time from a memory whose list is paginated.
 */
export async function allPeers(memory: Pick<MemoryService, 'listPeers'>): Promise<{ peers: Peer[] }> {
  const peers: Peer[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await memory.listPeers({ page, size: PAGE_SIZE, reverse: false });
    peers.push(...items);
    if (items.length < PAGE_SIZE || peers.length >= total) return { peers };
  }
}

/** A page of a whole list of peers, oldest first (what the gateway answers), as `listPeers` gives it. */
export function pageOfPeers(peers: readonly Peer[], input: ListPeersInput): ListPeersOutput {
  const ordered = input.reverse ? [...peers].reverse() : peers;
  const start = (input.page - 1) * input.size;
  return {
    items: ordered.slice(start, start + input.size),
    page: input.page,
    size: input.size,
    total: peers.length,
  };
}
