import type { ContextOutput, GetContextInput } from '../../schemas/context.js';
import type { Message } from '../../schemas/message.js';
import { NotFoundError } from '../../service/errors.js';
import { MESSAGE_JSON } from '../columns.js';
import type { Database } from '../database/database.js';

/**
 * The newest messages of a session that fit in `tokens`, returned oldest first, with the
 * perspective peer's card when asked. Every message has at least one token, so the window
 * never holds more than `tokens` messages: that bounds the rows read in a long session. The
 * running sum reads only the narrow columns; rows are shaped into JSON only once kept.
 */
export async function getContext(
  db: Database,
  workspace: string,
  input: GetContextInput,
  defaultTokens: number,
): Promise<ContextOutput> {
  const budget = input.tokens ?? defaultTokens;
  const [row] = await db.query<{ messages: Message[]; peer_card: string[] | null }>(
    `SELECT
       coalesce((
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
       ), '[]'::json) AS messages,
       (SELECT c.card FROM peer_cards c WHERE c.workspace_id = $1
          AND c.observer_id = $4::text AND c.observed_id = coalesce($5::text, $4::text)) AS peer_card
     FROM sessions s WHERE s.workspace_id = $1 AND s.id = $2`,
    [workspace, input.session, budget, input.peer_perspective ?? null, input.peer_target ?? null],
  );
  if (!row) throw new NotFoundError('session', input.session, 'session');
  return {
    id: input.session,
    messages: row.messages,
    // Summaries and representations are produced by the learning engine; until then, none exist.
    summary: null,
    peer_representation: null,
    peer_card: row.peer_card,
  };
}
