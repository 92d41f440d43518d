import type { Database } from '../database/database.js';
import type { SearchScope } from './full-text-ranks.js';

/** A message that asks something, and the message said next in its session. */
export type Reply = { question: string; reply: string };

/**
 * The replies to those of these messages that ask something: for each, the message said next in
 * its session, in the order given. An answer rarely repeats the words it answers ("It was Matt
 * Patterson, he is so talented!" after "who performed at the concert?"), so a search that finds
 * the question should find the reply with it. Replies outside the scope (another peer's, in a
 * search of one peer's words) are left out.
 */
export async function repliesToQuestions(
  db: Database,
  workspace: string,
  seqs: readonly string[],
  scope: SearchScope,
): Promise<Reply[]> {
  if (seqs.length === 0) return [];
  // Each next message is one step along the session's index from the one before it.
  return db.query<Reply>(
    `SELECT m.seq::text AS question, next.seq::text AS reply
     FROM unnest($2::bigint[]) WITH ORDINALITY AS given (seq, position)
     JOIN messages m ON m.seq = given.seq AND m.workspace_id = $1
     CROSS JOIN LATERAL (
       SELECT n.seq, n.peer_id FROM messages n
       WHERE n.workspace_id = $1 AND n.session_id = m.session_id
         AND (n.created_at, n.seq) > (m.created_at, m.seq)
       ORDER BY n.created_at, n.seq LIMIT 1
     ) next
     WHERE strpos(m.content, '?') > 0 AND ($3::text IS NULL OR next.peer_id = $3::text)
     ORDER BY given.position`,
    [workspace, seqs, scope.peer ?? null],
  );
}
