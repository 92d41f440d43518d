// The message operations of the platform API, one SQL statement each (see workspaces.ts).

import type { Page, PageRequest, PlatformMessage } from '../../schemas/platform.js';
import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';
import { PLATFORM_MESSAGE_JSON } from './platform-columns.js';
import { type FilteredList, filteredQuery, readInOrder, readPage } from './platform-page.js';
import { assertSessionExists } from './sessions.js';

/** The messages of a session ($2 in workspace $1). */
const SESSION_MESSAGE_LIST: FilteredList = {
  from: 'messages m',
  alias: 'm',
  scope: 'm.workspace_id = $1 AND m.session_id = $2',
  filters: {
    id: { column: 'm.id', kind: 'text' },
    peer_id: { column: 'm.peer_id', kind: 'text' },
    metadata: { column: 'm.metadata', kind: 'json' },
    created_at: { column: 'm.created_at', kind: 'time' },
  },
  order: ['m.created_at', 'm.seq'],
  json: PLATFORM_MESSAGE_JSON,
};

const messageNotFound = (id: string) =>
  new NotFoundError('message', id, 'message_id', 'does not exist in this session');

/** The messages with these ids, in the order given; ids of other workspaces are left out. */
export const readMessages = (db: Database, workspace: string, ids: readonly string[]) =>
  readInOrder<PlatformMessage>(
    db,
    { from: 'messages m', alias: 'm', json: PLATFORM_MESSAGE_JSON },
    workspace,
    ids,
  );

/** A page of a session's messages, oldest first unless reversed, filtered. */
export async function listSessionMessages(
  db: Database,
  workspace: string,
  session: string,
  filters: Record<string, unknown> | undefined,
  page: PageRequest,
): Promise<Page<PlatformMessage>> {
  const [query, params] = filteredQuery(SESSION_MESSAGE_LIST, [workspace, session], filters);
  await assertSessionExists(db, workspace, session);
  return readPage(db, query, params, page);
}

export async function getMessage(
  db: Database,
  workspace: string,
  session: string,
  id: string,
): Promise<PlatformMessage> {
  const [row] = await db.query<{ message: PlatformMessage }>(
    `SELECT ${PLATFORM_MESSAGE_JSON} AS message FROM messages m
     WHERE m.workspace_id = $1 AND m.session_id = $2 AND m.id = $3`,
    [workspace, session, id],
  );
  if (!row) throw messageNotFound(id);
  return row.message;
}

/** Replaces a message's metadata; its content and time never change. */
export async function updateMessageMetadata(
  db: Database,
  workspace: string,
  session: string,
  id: string,
  metadata: Record<string, unknown>,
): Promise<PlatformMessage> {
  const [row] = await db.query<{ message: PlatformMessage }>(
    `UPDATE messages m SET metadata = $4::jsonb
     WHERE m.workspace_id = $1 AND m.session_id = $2 AND m.id = $3 RETURNING ${PLATFORM_MESSAGE_JSON} AS message`,
    [workspace, session, id, JSON.stringify(metadata)],
  );
  if (!row) throw messageNotFound(id);
  return row.message;
}
