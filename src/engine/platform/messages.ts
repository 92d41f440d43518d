// The message operations of the platform API, one SQL statement each (see workspaces.ts).

import type { Page, PageRequest, PlatformMessage } from '../../schemas/platform.js';
import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';
import { PLATFORM_MESSAGE_JSON } from './platform-columns.js';
import { type FilterColumns, filterCondition } from './platform-filter.js';
import { readPage } from './platform-page.js';
import { assertSessionExists } from './sessions.js';

const MESSAGE_FILTERS: FilterColumns = {
  id: { column: 'm.id', kind: 'text' },
  peer_id: { column: 'm.peer_id', kind: 'text' },
  metadata: { column: 'm.metadata', kind: 'json' },
  created_at: { column: 'm.created_at', kind: 'time' },
};

const messageNotFound = (id: string) =>
  new NotFoundError('message', id, 'message_id', 'does not exist in this session');

/** The messages with these ids, in the order given; ids of other workspaces are left out. */
export async function readMessages(
  db: Database,
  workspace: string,
  ids: readonly string[],
): Promise<PlatformMessage[]> {
  if (ids.length === 0) return [];
  const [row] = await db.query<{ messages: PlatformMessage[] }>(
    `SELECT coalesce(json_agg(${PLATFORM_MESSAGE_JSON} ORDER BY given.ord), '[]'::json) AS messages
     FROM jsonb_array_elements_text($2::jsonb) WITH ORDINALITY AS given (id, ord)
     JOIN messages m ON m.id = given.id AND m.workspace_id = $1`,
    [workspace, JSON.stringify(ids)],
  );
  return row?.messages ?? [];
}

/** A page of a session's messages, oldest first unless reversed, filtered. */
export async function listSessionMessages(
  db: Database,
  workspace: string,
  session: string,
  filters: Record<string, unknown> | undefined,
  page: PageRequest,
): Promise<Page<PlatformMessage>> {
  const params: unknown[] = [workspace, session];
  const where = `m.workspace_id = $1 AND m.session_id = $2 AND ${filterCondition(filters, MESSAGE_FILTERS, params)}`;
  await assertSessionExists(db, workspace, session);
  return readPage(
    db,
    { from: 'messages m', alias: 'm', where, order: ['m.created_at', 'm.seq'], json: PLATFORM_MESSAGE_JSON },
    params,
    page,
  );
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
