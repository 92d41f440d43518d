import type { ListMessagesInput, ListMessagesOutput, Message } from '../../schemas/message.js';
import { NotFoundError } from '../../service/errors.js';
import { MESSAGE_JSON, messageOrder } from '../columns.js';
import type { Database } from '../database/database.js';

/** One page of a session's messages, oldest first unless `reverse`. */
export async function listMessages(
  db: Database,
  workspace: string,
  input: ListMessagesInput,
): Promise<ListMessagesOutput> {
  const order = messageOrder(input.reverse);
  const [row] = await db.query<{ total: number; items: Message[] }>(
    `SELECT s.message_count AS total,
       coalesce((
         SELECT json_agg(${MESSAGE_JSON} ORDER BY ${order})
         FROM (SELECT * FROM messages m WHERE m.workspace_id = $1 AND m.session_id = $2
               ORDER BY ${order} LIMIT $3::int OFFSET ($4::bigint - 1) * $3::int) m
       ), '[]'::json) AS items
     FROM sessions s WHERE s.workspace_id = $1 AND s.id = $2`,
    [workspace, input.session, input.size, input.page],
  );
  if (!row) throw new NotFoundError('session', input.session, 'session');
  return { items: row.items, page: input.page, size: input.size, total: row.total };
}
