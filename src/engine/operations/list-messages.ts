import type { ListMessagesInput, ListMessagesOutput, Message } from '../../schemas/message.js';
import { MESSAGE_JSON, messageOrder } from '../columns.js';
import type { Database } from '../database/database.js';
import { ownerRow, readListPage } from '../reads/read-list-page.js';

/** One page of a session's messages, oldest first unless `reverse`. */
export function listMessages(
  db: Database,
  workspace: string,
  input: ListMessagesInput,
): Promise<ListMessagesOutput> {
  return readListPage<Message>(
    db,
    {
      // The session keeps its count: no count over its messages on every page.
      total: 's.message_count',
      rows: 'SELECT * FROM messages m WHERE m.workspace_id = $1 AND m.session_id = $2',
      alias: 'm',
      json: MESSAGE_JSON,
      order: messageOrder(input.reverse),
      owner: ownerRow('session', input.session),
    },
    [workspace, input.session],
    input,
  );
}
