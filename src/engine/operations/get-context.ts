import type { ContextOutput, GetContextInput } from '../../schemas/context.js';
import type { Message } from '../../schemas/message.js';
import type { Summary } from '../../schemas/summary.js';
import { NotFoundError } from '../../service/errors.js';
import { MESSAGE_JSON } from '../columns.js';
import { countTokens } from '../count-tokens.js';
import type { Database } from '../database/database.js';
import { readPeerCard } from '../reads/read-peer-card.js';
import { readRepresentation } from '../reads/read-representation.js';
import { readSummaries } from '../reads/read-summaries.js';

// Of the budget, at most this share goes to what is known about the peer, and to the summary.
const REPRESENTATION_SHARE = 0.3;
const SUMMARY_SHARE = 0.4;

export type GetContextOptions = {
  /** The budget when the caller gives none. */
  defaultTokens: number;
  /** Learning summarizes a session once this many messages came after its last summary. */
  summaryEvery: number;
};

/**
 * What to put in a prompt to continue a session, all within `tokens`: what is known about the
 * perspective peer (its card and representation) when asked, then a summary of the messages
 * before the window when asked, then the newest messages that fit the rest, oldest first. A part
 * asked for that comes back empty is explained in `hints`, since an empty answer alone reads as
 * "nothing is known" where the reason is often a setting or a budget.
 */
export async function getContext(
  db: Database,
  workspace: string,
  input: GetContextInput,
  options: GetContextOptions,
): Promise<ContextOutput> {
  const budget = input.tokens ?? options.defaultTokens;
  const summaries = await readSummaries(db, workspace, input.session);
  if (!summaries) throw new NotFoundError('session', input.session, 'session');
  let remaining = budget;

  let peer_card: string[] | null = null;
  let peer_representation: string | null = null;
  if (input.peer_perspective !== undefined) {
    const pair = { observer: input.peer_perspective, observed: input.peer_target ?? input.peer_perspective };
    const [card, representation] = await Promise.all([
      readPeerCard(db, workspace, pair),
      readRepresentation(db, workspace, pair),
    ]);
    const [cardTokens = 0] = await countTokens([card?.join('\n') ?? '']);
    if (card && cardTokens <= remaining) {
      peer_card = card;
      remaining -= cardTokens;
    }
    if (representation) {
      peer_representation = await trimToTokens(
        representation,
        Math.min(remaining, budget * REPRESENTATION_SHARE),
      );
      remaining -= peer_representation ? ((await countTokens([peer_representation]))[0] ?? 0) : 0;
    }
  }

  let summary: Summary | null = null;
  if (input.summary) {
    summary =
      [summaries.long, summaries.short].find(
        (candidate) =>
          candidate !== null && candidate.token_count <= Math.min(remaining, budget * SUMMARY_SHARE),
      ) ?? null;
    if (summary) remaining -= summary.token_count;
  }

  const messages = await newestMessagesWithin(db, workspace, input.session, Math.max(0, remaining));
  const hints: string[] = [];
  if (input.summary) {
    // A summary is for what lies beyond the window: none when the window holds the whole session.
    if (await isWholeSession(db, workspace, input.session, messages.length)) {
      summary = null;
      hints.push('summary: none needed: the messages are the whole session');
    } else if (summary === null) {
      hints.push(
        summaries.long === null && summaries.short === null
          ? `summary: none made yet: learning summarizes a session every ${options.summaryEvery} messages`
          : 'summary: it does not fit in the token budget; give more tokens',
      );
    }
  }
  if (input.peer_perspective !== undefined && peer_card === null && peer_representation === null)
    hints.push(
      await emptyPerspectiveHint(db, workspace, input.session, input.peer_perspective, input.peer_target),
    );
  return {
    id: input.session,
    messages,
    summary,
    peer_representation,
    peer_card,
    ...(hints.length === 0 ? {} : { hints }),
  };
}

/**
 * Why nothing is known from a perspective: most often an agent asks what it knows of the user,
 * which it learns only with `observe_others` on (off by default), where what the user said of
 * itself is known from the user's own perspective.
 */
async function emptyPerspectiveHint(
  db: Database,
  workspace: string,
  session: string,
  observer: string,
  target: string | undefined,
): Promise<string> {
  if (target === undefined || target === observer)
    return `peer_perspective: nothing has been learned about ${observer} yet (learning reads what a peer says of itself; pass the peer to know about, such as the user's)`;
  const [row] = await db.query<{ observe_others: boolean }>(
    'SELECT observe_others FROM session_peers WHERE workspace_id = $1 AND session_id = $2 AND peer_id = $3 AND left_at IS NULL',
    [workspace, session, observer],
  );
  if (row?.observe_others) return `peer_perspective: ${observer} has learned nothing about ${target} yet`;
  return `peer_perspective: ${observer} learns nothing about ${target} in this session: its observe_others is off (the default). For what ${target} said of itself, pass ${target} as peer_perspective without peer_target`;
}

/**
 * The newest messages whose tokens add up to at most `budget`, oldest first. Every message has
 * at least one token, so the window never holds more than `budget` messages: that bounds the
 * rows read in a long session. The running sum reads only the narrow columns.
 */
async function newestMessagesWithin(
  db: Database,
  workspace: string,
  session: string,
  budget: number,
): Promise<Message[]> {
  if (budget < 1) return [];
  const [row] = await db.query<{ messages: Message[] }>(
    `SELECT coalesce((
       SELECT json_agg(${MESSAGE_JSON} ORDER BY m.created_at, m.seq) FROM messages m
       WHERE m.seq IN (
         SELECT w.seq FROM (
           SELECT newest.seq,
             sum(newest.token_count) OVER (ORDER BY newest.created_at DESC, newest.seq DESC ROWS UNBOUNDED PRECEDING)
               AS running
           FROM (SELECT seq, created_at, token_count FROM messages WHERE workspace_id = $1 AND session_id = $2
                 ORDER BY created_at DESC, seq DESC LIMIT $3::bigint) newest
         ) w WHERE w.running <= $3::bigint
       )
     ), '[]'::json) AS messages`,
    [workspace, session, Math.floor(budget)],
  );
  return row?.messages ?? [];
}

async function isWholeSession(
  db: Database,
  workspace: string,
  session: string,
  shown: number,
): Promise<boolean> {
  if (shown === 0) return false;
  const [row] = await db.query<{ message_count: number }>(
    'SELECT message_count FROM sessions WHERE workspace_id = $1 AND id = $2',
    [workspace, session],
  );
  return (row?.message_count ?? 0) <= shown;
}

/** The longest run of whole lines of `text` within `budget` tokens, or null when none fits. */
async function trimToTokens(text: string, budget: number): Promise<string | null> {
  const lines = text.split('\n');
  const counts = await countTokens(lines.map((line) => `${line}\n`));
  let used = 0;
  let kept = 0;
  for (const count of counts) {
    if (used + count > budget) break;
    used += count;
    kept++;
  }
  return kept > 1 ? lines.slice(0, kept).join('\n') : null;
}
