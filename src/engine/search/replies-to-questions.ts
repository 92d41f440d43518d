import type { Message } from '../../schemas/message.js';
import { MESSAGE_COLUMNS } from '../columns.js';
import type { Database } from '../database/database.js';
import type { SearchScope } from './full-text-ranks.js';

/**
 * A message that asks something and the message said next in its session, or (`continues`) one of
 * the best messages and its speaker's next message after another peer's turn.
 */
export type Reply = { question: string; reply: string; continues: boolean };

/** The messages read with the replies, by seq. */
export type ShownMessages = Map<string, Message>;

/**
 * The replies to those of the `asked` messages that ask something: for each, the message said
 * next in its session, in the order given. An answer rarely repeats the words it answers ("It
 * was Matt Patterson, he is so talented!" after "who performed at the concert?"), so a search that
 * finds the question should find the reply with it. The first of the `asked` messages, the best,
 * also brings the answer to a question asked of it: the message after the next, when the next one
 * asks something ("Check out my painting for the art show!" "What inspired it?" "I painted this
 * after I visited an LGBTQ center."), given as a reply to the best. Replies outside the scope
 * (another peer's, in a search of one peer's words) are left out.
 *
 * The first `continued` of the `asked` messages also bring their speaker's next message after
 * another peer's turn, whatever either asks: a speaker goes on with what they said ("We went
 * camping last week!" "Oh nice, how was it?" "We roasted marshmallows and told stories."). On
 * LoCoMo's tuning conversations, 28 of the 168 evidence turns a search missed were exactly that.
 *
 * In the same statement, the messages a search may show: the replies and the `shown` ones (the
 * best before the replies are ranked), so that the search needs no read of its own after this one
 * unless a reply displaces them.
 */
export async function repliesToQuestions(
  db: Database,
  workspace: string,
  asked: readonly string[],
  scope: SearchScope,
  shown: readonly string[] = [],
  continued = 0,
): Promise<{ replies: Reply[]; messages: ShownMessages }> {
  if (asked.length === 0 && shown.length === 0) return { replies: [], messages: new Map() };
  // Each next message is one step along the session's index from the one before it; the best
  // message and the continued ones read two.
  const rows = await db.query<Message & { seq: string; question: string | null; continues: boolean | null }>(
    `WITH following AS (
       SELECT m.seq AS asked, m.peer_id AS asker, strpos(m.content, '?') > 0 AS asks, given.position, next.seq, next.peer_id,
         strpos(next.content, '?') > 0 AS next_asks, next.step
       FROM unnest($2::bigint[]) WITH ORDINALITY AS given (seq, position)
       JOIN messages m ON m.seq = given.seq AND m.workspace_id = $1
       CROSS JOIN LATERAL (
         SELECT n.seq, n.peer_id, n.content, row_number() OVER (ORDER BY n.created_at, n.seq) AS step
         FROM messages n
         WHERE n.workspace_id = $1 AND n.session_id = m.session_id
           AND (n.created_at, n.seq) > (m.created_at, m.seq)
         ORDER BY n.created_at, n.seq LIMIT CASE WHEN given.position = 1 OR given.position <= $5 THEN 2 ELSE 1 END
       ) next
     ),
     replies AS (
       SELECT f.asked AS question, f.seq AS reply, f.position, false AS continues FROM following f
       WHERE f.step = 1 AND f.asks AND ($3::text IS NULL OR f.peer_id = $3::text)
       UNION ALL
       SELECT f.asked, f.seq, f.position, false FROM following f
       JOIN following asking ON asking.asked = f.asked AND asking.step = 1 AND asking.next_asks
       WHERE f.step = 2 AND f.position = 1 AND ($3::text IS NULL OR f.peer_id = $3::text)
       UNION ALL
       SELECT f.asked, f.seq, f.position, true FROM following f
       WHERE f.step = 2 AND f.position <= $5 AND f.peer_id = f.asker
     ),
     -- One list of seqs, joined by the primary key: an OR of the two lists read every message.
     wanted AS (SELECT reply AS seq FROM replies UNION SELECT unnest($4::bigint[]))
     SELECT m.seq::text AS seq, r.question::text AS question, r.continues, ${MESSAGE_COLUMNS}
     FROM wanted w JOIN messages m ON m.seq = w.seq AND m.workspace_id = $1
       LEFT JOIN replies r ON r.reply = m.seq
     ORDER BY r.position NULLS LAST`,
    [workspace, asked, scope.peer ?? null, shown, continued],
  );
  const replies: Reply[] = [];
  const messages: ShownMessages = new Map();
  for (const { seq, question, continues, ...message } of rows) {
    if (question !== null) replies.push({ question, reply: seq, continues: continues === true });
    messages.set(seq, message);
  }
  return { replies, messages };
}
