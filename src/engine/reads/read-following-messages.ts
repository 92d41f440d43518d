import type { Message } from '../../schemas/message.js';
import { MESSAGE_COLUMNS } from '../columns.js';
import type { Database } from '../database/database.js';

/**
 * The messages said right after each of the given ones in its session, `count` of each, in the
 * order given, each once. What answers a question is often said just after the words it
 * shares: in "We celebrated her birthday with a concert." "Who played?" "It was Matt
 * Patterson!", the answer comes two turns after the match.
 */
export async function readFollowingMessages(
  db: Database,
  workspace: string,
  ids: readonly string[],
  count: number,
): Promise<Message[]> {
  if (ids.length === 0 || count <= 0) return [];
  // Each following message is one step along the session's index from the one before it.
  const rows = await db.query<Message>(
    `SELECT ${MESSAGE_COLUMNS}
     FROM unnest($2::text[]) WITH ORDINALITY AS given (id, position)
     JOIN messages said ON said.id = given.id AND said.workspace_id = $1
     CROSS JOIN LATERAL (
       SELECT n.id, n.content, n.peer_id, n.session_id, n.created_at, n.seq, n.token_count
       FROM messages n
       WHERE n.workspace_id = $1 AND n.session_id = said.session_id
         AND (n.created_at, n.seq) > (said.created_at, said.seq)
       ORDER BY n.created_at, n.seq LIMIT $3
     ) m
     ORDER BY given.position, m.created_at, m.seq`,
    [workspace, ids, count],
  );
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
}
