import type { Message } from '../../schemas/message.js';
import type { SearchInput, SearchOutput } from '../../schemas/search.js';
import { NotFoundError } from '../../service/errors.js';
import { MESSAGE_COLUMNS } from '../columns.js';
import type { Database } from '../database/database.js';
import type { Embedder } from '../learning/llm/embedder.js';
import { bm25Ranks, candidateTexts } from '../search/bm25-ranks.js';
import { dateRanks } from '../search/date-ranks.js';
import { favourPeer } from '../search/favour-peer.js';
import { fullTextRanks } from '../search/full-text-ranks.js';
import { byScore, fusedScores } from '../search/fuse-rankings.js';
import { observationRanks } from '../search/observation-ranks.js';
import { queryLexemes } from '../search/query-lexemes.js';
import { rankingWords } from '../search/ranking-words.js';
import { type Reply, repliesToQuestions } from '../search/replies-to-questions.js';
import { semanticRanks } from '../search/semantic-ranks.js';
import { slotRanks } from '../search/slot-ranks.js';
import type { VectorSearch } from '../search/vector-search.js';
import { findingWords, wordFrequenciesOf } from '../search/word-frequencies.js';
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
// The best messages whose speaker's next message, after another peer's turn, is ranked with them,
// and how far below: chosen on LoCoMo's tuning conversations 1-3 (5 and 0.7: R@10 76.8 → 77.8 %;
// 0.5: 77.2; 0.9: 76.6), then held-out conversations 4-10: 71.8 → 72.3 %, chat's answers unchanged.
const CONTINUED = 5;
const CONTINUATION_SHARE = 0.7;
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
   * Whether the full-text ranking is ordered by the query's rarer words alone (`rankingWords`, the
   * default). Chat turns it off: its answer rules were chosen on the order by every word, and on
   * LoCoMo they read answers no better from this one (token F1 on the tuning conversations 0.312 →
   * 0.310; on the held-out ones 0.231 either way, answerable questions left unanswered 9.2 → 9.4 %).
   */
  orderByRarerWords?: boolean;
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
  // A peer's name matches every message that greets them, and says nothing of the meaning: the
  // words that rank are the rest.
  const { peers, words, lexemes } = await queryLexemes(db, workspace, input.query);
  const named = peers.filter((peer) => mentions(input.query, peer));
  const [messageFrequencies, observationFrequencies] = await wordFrequenciesOf(db, workspace, [
    { source: 'messages', words: lexemes.words },
    { source: 'observations', words: lexemes.query },
  ]);
  const findingMessages = findingWords(messageFrequencies, lexemes.words);
  const window = queryDates(input.query);
  const [byWords, byMeaning, byObservations, bySlot, byDate] = await Promise.all([
    fullTextRanks(
      db,
      workspace,
      words,
      findingMessages,
      scope,
      depth,
      options.orderByRarerWords === false ? [] : rankingWords(messageFrequencies, lexemes.words),
    ),
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
  const candidates = await candidateTexts(db, workspace, found);
  const scores = fusedScores([
    { ids: bm25Ranks(lexemes.words, messageFrequencies, candidates), weight: BM25_WEIGHT },
    { ids: byWords, weight: FULL_TEXT_WEIGHT },
    { ids: byMeaning, weight: SEMANTIC_WEIGHT },
    { ids: byObservations, weight: OBSERVATION_WEIGHT },
    { ids: bySlot, weight: SLOT_WEIGHT },
    { ids: byDate, weight: DATE_WEIGHT },
  ]);
  const speakers = new Map(candidates.map((candidate) => [candidate.seq, candidate.peer]));
  const [onlyNamed] = named;
  const favoured =
    named.length === 1 && scope.peer === undefined && options.favourNamedPeer !== false
      ? onlyNamed
      : undefined;
  const favour = (ranked: Map<string, number>) => {
    if (favoured !== undefined) favourPeer(ranked, speakers, favoured, OTHER_PEERS_SHARE);
    return ranked;
  };
  // The best messages before the replies are ranked are read with the replies: a reply can only
  // displace them, so the messages shown are among these and the replies.
  const { replies, messages } = await repliesToQuestions(
    db,
    workspace,
    byScore(scores).slice(0, QUESTIONS_REPLIED),
    scope,
    byScore(favour(new Map(scores))).slice(0, input.limit),
    CONTINUED,
  );
  rankRepliesWithQuestions(scores, replies);
  for (const [seq, message] of messages) speakers.set(seq, message.peer_id);
  const ranked = byScore(favour(scores));
  const allowed =
    options.withinSessionsOf === undefined
      ? ranked
      : await inSessionsOf(db, workspace, ranked, options.withinSessionsOf);
  const shown = allowed.slice(0, input.limit);
  const unread = shown.filter((seq) => !messages.has(seq));
  for (const [seq, message] of await messagesBySeq(db, workspace, unread)) messages.set(seq, message);
  return { messages: shown.flatMap((seq) => messages.get(seq) ?? []) };
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
 * it ranks higher of its own: "who performed at the concert?" finds "It was Matt Patterson". A
 * speaker's next message after one of the best ranks lower below it.
 */
function rankRepliesWithQuestions(scores: Map<string, number>, replies: readonly Reply[]): void {
  const own = new Map(scores);
  for (const { question, reply, continues } of replies) {
    const inherited = (continues ? CONTINUATION_SHARE : REPLY_SHARE) * (own.get(question) ?? 0);
    if (inherited > (scores.get(reply) ?? 0)) scores.set(reply, inherited);
  }
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

/** The messages with these seqs, by seq; deleted ones are left out. */
async function messagesBySeq(
  db: Database,
  workspace: string,
  seqs: readonly string[],
): Promise<Map<string, Message>> {
  if (seqs.length === 0) return new Map();
  const rows = await db.query<Message & { seq: string }>(
    `SELECT m.seq::text AS seq, ${MESSAGE_COLUMNS} FROM messages m
     WHERE m.workspace_id = $1 AND m.seq = ANY($2::bigint[])`,
    [workspace, seqs],
  );
  return new Map(rows.map(({ seq, ...message }) => [seq, message]));
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
