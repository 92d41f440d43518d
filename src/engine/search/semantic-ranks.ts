import type { Embedder } from '../learning/llm/embedder.js';
import { boundedQuery } from './bounded-query.js';
import type { SearchScope } from './full-text-ranks.js';
import type { VectorSearch } from './vector-search.js';

/**
 * Below this, a message shares no meaning with the query worth showing: with the offline word
 * vectors, unrelated sentences score 0.1-0.35 and related ones 0.45 and up.
 */
const MIN_SIMILARITY = 0.4;

/**
 * Message seqs ranked by closeness of meaning to the query. The caller gives the query without
 * the names of the workspace's peers (`withoutNames`): a name says nothing of the meaning, and in
 * a memory full of one person's messages it pulls every one of them equally (measured on LoCoMo:
 * +8.8 points of Recall@10 without names).
 */
export async function semanticRanks(
  search: { embedder: Embedder; vectors: VectorSearch },
  workspace: string,
  queryWithoutNames: string,
  scope: SearchScope,
  limit: number,
): Promise<string[]> {
  const [vector] = await search.embedder.embed([boundedQuery(queryWithoutNames)]);
  if (!vector) return [];
  return search.vectors.nearest(
    workspace,
    search.embedder.model,
    vector,
    { limit, minSimilarity: MIN_SIMILARITY },
    scope,
  );
}
