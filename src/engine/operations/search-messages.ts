import type { Message } from '../../schemas/message.js';
import type { SearchInput, SearchOutput } from '../../schemas/search.js';
import { NotFoundError } from '../../service/errors.js';
import { MESSAGE_COLUMNS } from '../columns.js';
import type { Database } from '../database/database.js';
import type { Embedder } from '../learning/llm/embedder.js';
import { bm25Ranks } from '../search/bm25-ranks.js';
import { boundedQuery } from '../search/bounded-query.js';
import { dateRanks } from '../search/date-ranks.js';
import { favourPeer } from '../search/favour-peer.js';
import { fullTextRanks, type SearchScope } from '../search/full-text-ranks.js';
import { byScore, fusedScores } from '../search/fuse-rankings.js';
import { observationRanks } from '../search/observation-ranks.js';
import { repliesToQuestions } from '../search/replies-to-questions.js';
import { semanticRanks } from '../search/semantic-ranks.js';
import { slotRanks } from '../search/slot-ranks.js';
import type { VectorSearch } from '../search/vector-search.js';
import { withoutNames } from '../search/without-names.js';
import { findingWords, wordFrequencies } from '../search/word-frequencies.js';
import { queryDates } from '../text/query-dates.js';

// Weights chosen on three LoCoMo conversations; the benchmark reports the other seven apart.
// BM25 orders the candidates every other ranking found, rare words weighing most.
const BM25_WEIGHT = 1;
// Postgres's ranking: how many of the query's words a message holds, and how close together.
const FULL_TEXT_WEIGHT = 1;
// Meaning breaks ties and finds paraphrases.
const SEMANTIC_WEIGHT = 0.4;
// Messages reached through what was learned from them: third person, names, resolved dates.
const OBSERVATION_WEIGHT = 0.3;
// Messages that taught the fact a query asks about ("where does she live": her city), whatever words
// they used: as strong as the word rankings together, so that "we saw a live concert", which holds
// the query's one word, does not come first.
const SLOT_WEIGHT = 3;
// Messages said in or just after the days a query names ("what did she watch on 1 May 2022?").
const DATE_WEIGHT = 2;
// The best messages whose replies are ranked with them, and how close below them.
const QUESTIONS_REPLIED = 30;
const REPLY_SHARE = 0.99;
// What another peer's message counts for, in a search whose query names one peer: on LoCoMo, 96 %
// of the turns that answer a question naming one speaker are that speaker's.
const OTHER_PEERS_SHARE = 0.5;

export type SearchOptions = {
  /**
   * Whether a query naming one peer favours that peer's messages (the default). Chat turns it off:
   * it weighs who said what itself, and another peer's words fitting the question better are its
   * reason to decline ("what did Caroline realize after her race?", when the race was Melanie's).
   */
  favourNamedPeer?: boolean;
  /**
   * Only messages of the sessions this peer is a member of now: what a key scoped to the peer may
   * read. Applied to the ranked candidates, so a peer whose sessions hold few of a large
   * workspace's best matches gets fewer answers, never another session's.
   */
  withinSessionsOf?: string | undefined;
};

/**
 * Hybrid search: full-text, BM25 and semantic rankings of the messages, the rankings of the
 * observations and slot facts drawn from them, and the messages of the days the query names,
 * fused by reciprocal rank. Replies then rank with the questions they answer, and a query naming
 * one peer favours that peer's messages. A message the deriver has not reached yet is still
 * found by its words.
 */
export async function searchMessages(
  db: Database,
  workspace: string,
  input: SearchInput,
  search: { embedder: Embedder; vectors: VectorSearch },
  options: SearchOptions = {},
): Promise<SearchOutput> {
  await assertFiltersExist(db, workspace, input);
  const scope = { session: input.session, peer: input.peer };
  const depth = Math.max(50, input.limit * 5);
  const peers = await peersOf(db, workspace);
  // A peer's name matches every message that greets them, and says nothing of the meaning: the
  // words that rank are the rest.
  const words = withoutNames(input.query, peers);
  const named = peers.filter((peer) => mentions(input.query, peer));
  const lexemes = await lexemesOf(db, words, input.query);
  const [messageFrequencies, observationFrequencies] = await Promise.all([
    wordFrequencies(db, 'messages', workspace, lexemes.words),
    wordFrequencies(db, 'observations', workspace, lexemes.query),
  ]);
  const findingMessages = findingWords(messageFrequencies, lexemes.words);
  const window = queryDates(input.query);
  const [byWords, byMeaning, byObservations, bySlot, byDate] = await Promise.all([
    fullTextRanks(db, workspace, words, findingMessages, scope, depth),
    semanticRanks(search, workspace, words, scope, depth),
    observationRanks(
      db,
      workspace,
      input.query,
      findingWords(observationFrequencies, lexemes.query),
      scope,
      depth,
    ),
    slotRanks(db, workspace, input.query, scope, depth),
    window === null ? Promise.resolve([]) : dateRanks(db, workspace, words, window, scope, depth),
  ]);
  const found = [...new Set([...byWords, ...byMeaning, ...byObservations, ...bySlot, ...byDate])];
  const byBm25 = await bm25Ranks(db, workspace, lexemes.words, messageFrequencies, found);
  const scores = fusedScores([
    { ids: byBm25, weight: BM25_WEIGHT },
    { ids: byWords, weight: FULL_TEXT_WEIGHT },
    { ids: byMeaning, weight: SEMANTIC_WEIGHT },
    { ids: byObservations, weight: OBSERVATION_WEIGHT },
    { ids: bySlot, weight: SLOT_WEIGHT },
    { ids: byDate, weight: DATE_WEIGHT },
  ]);
  await rankRepliesWithQuestions(db, workspace, scores, scope);
  const [onlyNamed] = named;
  if (
    named.length === 1 &&
    onlyNamed !== undefined &&
    scope.peer === undefined &&
    options.favourNamedPeer !== false
  )
    await favourPeer(db, workspace, scores, onlyNamed, OTHER_PEERS_SHARE);
  const ranked = byScore(scores);
  const allowed =
    options.withinSessionsOf === undefined
      ? ranked
      : await inSessionsOf(db, workspace, ranked, options.withinSessionsOf);
  return { messages: await messagesBySeq(db, workspace, allowed.slice(0, input.limit)) };
}

/** The seqs, in the order given, of messages in the sessions the peer is a member of now. */
async function inSessionsOf(
  db: Database,
  workspace: string,
  seqs: readonly string[],
  peer: string,
): Promise<string[]> {
  if (seqs.length === 0) return [];
  const rows = await db.query<{ seq: string }>(
    `SELECT m.seq::text AS seq FROM messages m
     JOIN session_peers sp ON sp.workspace_id = m.workspace_id AND sp.session_id = m.session_id
     WHERE m.workspace_id = $1 AND m.seq = ANY($2::bigint[]) AND sp.peer_id = $3 AND sp.left_at IS NULL`,
    [workspace, seqs, peer],
  );
  const kept = new Set(rows.map((row) => row.seq));
  return seqs.filter((seq) => kept.has(seq));
}

/**
 * A reply to one of the best messages that ask something ranks just below the question, unless
 * it ranks higher of its own: "who performed at the concert?" finds "It was Matt Patterson".
 */
async function rankRepliesWithQuestions(
  db: Database,
  workspace: string,
  scores: Map<string, number>,
  scope: SearchScope,
): Promise<void> {
  const asked = byScore(scores).slice(0, QUESTIONS_REPLIED);
  const own = new Map(scores);
  for (const { question, reply } of await repliesToQuestions(db, workspace, asked, scope)) {
    const inherited = REPLY_SHARE * (own.get(question) ?? 0);
    if (inherited > (scores.get(reply) ?? 0)) scores.set(reply, inherited);
  }
}

/**
 * The words of the query without names and of the whole query, as Postgres stems them for its
 * full-text search (stopwords out): what frequencies are counted of and candidates found by.
 */
async function lexemesOf(
  db: Database,
  words: string,
  query: string,
): Promise<{ words: string[]; query: string[] }> {
  const [row] = await db.query<{ words: string[]; query: string[] }>(
    `SELECT coalesce(tsvector_to_array(to_tsvector('english', $1)), '{}') AS words,
            coalesce(tsvector_to_array(to_tsvector('english', $2)), '{}') AS query`,
    [boundedQuery(words), boundedQuery(query)],
  );
  return { words: row?.words ?? [], query: row?.query ?? [] };
}

async function peersOf(db: Database, workspace: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>('SELECT id FROM peers WHERE workspace_id = $1 LIMIT 1000', [
    workspace,
  ]);
  return rows.map((row) => row.id);
}

/** Whether the query names the peer as a word of its own ("Caroline's" does; "Carolines" does not). */
function mentions(query: string, peer: string): boolean {
  const lower = query.toLowerCase();
  const name = peer.toLowerCase();
  for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) {
    const before = lower.charAt(at - 1);
    const after = lower.charAt(at + name.length);
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
  }
  return false;
}

/** The messages with these seqs, in the order given; deleted ones are left out. */
async function messagesBySeq(db: Database, workspace: string, seqs: readonly string[]): Promise<Message[]> {
  if (seqs.length === 0) return [];
  const rows = await db.query<Message & { seq: string }>(
    `SELECT m.seq::text AS seq, ${MESSAGE_COLUMNS} FROM messages m
     WHERE m.workspace_id = $1 AND m.seq = ANY($2::bigint[])`,
    [workspace, seqs],
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
