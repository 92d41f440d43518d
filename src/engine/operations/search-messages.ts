import type { Message } from '../../schemas/message.js';
import type { SearchInput, SearchOutput } from '../../schemas/search.js';
import { NotFoundError } from '../../service/errors.js';
import { MESSAGE_COLUMNS } from '../columns.js';
import type { Database } from '../database/database.js';
import type { Embedder } from '../learning/llm/embedder.js';
import { fullTextRanks } from '../search/full-text-ranks.js';
import { fuseRankings } from '../search/fuse-rankings.js';
import type { MessageVectorCache } from '../search/message-vector-cache.js';
import { observationRanks } from '../search/observation-ranks.js';
import { semanticRanks } from '../search/semantic-ranks.js';

// Full-text ranking leads; meaning breaks ties and finds paraphrases. Weights chosen on three
// LoCoMo conversations; the benchmark reports all ten.
const FULL_TEXT_WEIGHT = 1;
const SEMANTIC_WEIGHT = 0.4;
// Messages reached through what was learned from them: third person, names, resolved dates.
const OBSERVATION_WEIGHT = 0.3;

/**
 * Hybrid search: full-text and semantic rankings of the messages and the ranking of the
 * observations drawn from them, fused by reciprocal rank. A message the deriver has not reached
 * yet is still found by its words.
 */
export async function searchMessages(
  db: Database,
  workspace: string,
  input: SearchInput,
  search: { embedder: Embedder; vectors: MessageVectorCache },
): Promise<SearchOutput> {
  await assertFiltersExist(db, workspace, input);
  const scope = { session: input.session, peer: input.peer };
  const depth = Math.max(50, input.limit * 5);
  const [byWords, byMeaning, byObservations] = await Promise.all([
    fullTextRanks(db, workspace, input.query, scope, depth),
    semanticRanks(db, search, workspace, input.query, scope, depth),
    observationRanks(db, workspace, input.query, scope, depth),
  ]);
  const best = fuseRankings([
    { ids: byWords, weight: FULL_TEXT_WEIGHT },
    { ids: byMeaning, weight: SEMANTIC_WEIGHT },
    { ids: byObservations, weight: OBSERVATION_WEIGHT },
  ]).slice(0, input.limit);
  return { messages: await messagesBySeq(db, workspace, best) };
}

/** The messages with these seqs, in the order given; deleted ones are left out. */
async function messagesBySeq(db: Database, workspace: string, seqs: readonly string[]): Promise<Message[]> {
  if (seqs.length === 0) return [];
  const rows = await db.query<Message & { seq: string }>(
    `SELECT m.seq::text AS seq, ${MESSAGE_COLUMNS} FROM messages m
     WHERE m.workspace_id = $1 AND m.seq IN (SELECT jsonb_array_elements_text($2::jsonb)::bigint)`,
    [workspace, JSON.stringify(seqs)],
  );
  const bySeq = new Map(rows.map(({ seq, ...message }) => [seq, message]));
  return seqs.flatMap((seq) => bySeq.get(seq) ?? []);
}

async function assertFiltersExist(db: Database, workspace: string, input: SearchInput): Promise<void> {
  if (input.session === undefined && input.peer === undefined) return;
  const [row] = await db.query<{ session_found: boolean; peer_found: boolean }>(
    `SELECT ($2::text IS NULL OR EXISTS (SELECT 1 FROM sessions WHERE workspace_id = $1 AND id = $2::text)) AS session_found,
            ($3::text IS NULL OR EXISTS (SELECT 1 FROM peers WHERE workspace_id = $1 AND id = $3::text)) AS peer_found`,
    [workspace, input.session ?? null, input.peer ?? null],
  );
  if (input.session !== undefined && !row?.session_found)
    throw new NotFoundError('session', input.session, 'session');
  if (input.peer !== undefined && !row?.peer_found) throw new NotFoundError('peer', input.peer, 'peer');
}
