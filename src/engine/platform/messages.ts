// The message operations of the platform API, one SQL statement each (see workspaces.ts).
import { MemoryError, NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';
import { PLATFORM_MESSAGE_JSON } from './platform-columns.js';
import { type FilterColumns, filterCondition } from './platform-filter.js';
import { type Page, type PageRequest, readPage } from './platform-page.js';

/** A message as the platform answers it: with its workspace and metadata. */
export type PlatformMessage = {
  id: string;
  content: string;
  peer_id: string;
  session_id: string;
  workspace_id: string;
  metadata: Record<string, unknown>;
  created_at: string;
  token_count: number;
};

const MESSAGE_FILTERS: FilterColumns = {
  id: { column: 'm.id', kind: 'text' },
  peer_id: { column: 'm.peer_id', kind: 'text' },
  metadata: { column: 'm.metadata', kind: 'json' },
  created_at: { column: 'm.created_at', kind: 'time' },
};

function messageNotFound(id: string): MemoryError {
  return new MemoryError('not_found', `message "${id}" does not exist in this session`, {
    field: 'message_id',
    hint: 'List the session’s messages to find its ids.',
  });
}

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
  const [exists] = await db.query('SELECT 1 FROM sessions WHERE workspace_id = $1 AND id = $2', [
    workspace,
    session,
  ]);
  if (!exists) throw new NotFoundError('session', session, 'session_id');
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
