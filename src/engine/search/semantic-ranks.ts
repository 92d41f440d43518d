import type { Database } from '../database/database.js';
import type { Embedder } from '../learning/llm/embedder.js';
import { boundedQuery } from './bounded-query.js';
import type { SearchScope } from './full-text-ranks.js';
import type { MessageVectorCache } from './message-vector-cache.js';
import { withoutNames } from './without-names.js';

/**
 * Below this, a message shares no meaning with the query worth showing: with the offline word
 * vectors, unrelated sentences score 0.1-0.35 and related ones 0.45 and up.
 */
const MIN_SIMILARITY = 0.4;

/**
 * Message seqs ranked by closeness of meaning to the query. The names of the workspace's
 * peers are taken out of the query first: a name says nothing of the meaning, and in a memory
 * full of one person's messages it pulls every one of them equally (measured on LoCoMo:
 * +8.8 points of Recall@10 without names).
 */
export async function semanticRanks(
  db: Database,
  search: { embedder: Embedder; vectors: MessageVectorCache },
  workspace: string,
  query: string,
  scope: SearchScope,
  limit: number,
): Promise<string[]> {
  const peers = await db.query<{ id: string }>('SELECT id FROM peers WHERE workspace_id = $1 LIMIT 1000', [
    workspace,
  ]);
  const [vector] = await search.embedder.embed([
    boundedQuery(
      withoutNames(
        query,
        peers.map((peer) => peer.id),
      ),
    ),
  ]);
  if (!vector) return [];
  return search.vectors.nearest(
    workspace,
    search.embedder.model,
    vector,
    { limit, minSimilarity: MIN_SIMILARITY },
    scope,
  );
}
