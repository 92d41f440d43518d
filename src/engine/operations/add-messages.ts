import { createHash } from 'node:crypto';
import type { AddMessagesInput, AddMessagesOutput, Message } from '../../schemas/message.js';
import { MESSAGE_COLUMNS } from '../columns.js';
import { countTokens } from '../count-tokens.js';
import type { Database } from '../database/database.js';
import { findKeyedWrite, IDEMPOTENCY_KEY_HOURS, type IdempotencyKey } from './find-keyed-write.js';

export type AddMessagesOptions = {
  /**
   * Keep the deriver away from these messages until `keepMessages` releases them: a paid write
   * is stored before its payment settles, and `withdrawMessages` removes it whole if it does not.
   */
  held?: boolean;
  /**
   * The write's idempotency key: a repeat of the same request with it answers the messages the
   * first one stored, without storing them again.
   */
  idempotency?: IdempotencyKey | undefined;
};

/**
 * Appends messages to a session, creating the workspace, the session and each author (as a
 * member of the session) on first reference, and queues them for the deriver. One statement:
 * all of it is stored, or none, with its idempotency key when it has one.
 */
export async function addMessages(
  db: Database,
  workspace: string,
  input: AddMessagesInput,
  options: AddMessagesOptions = {},
): Promise<AddMessagesOutput> {
  const { idempotency } = options;
  if (idempotency === undefined) return { messages: await insertMessages(db, workspace, input, options) };
  const request = createHash('sha256')
    .update(JSON.stringify({ session: input.session, messages: input.messages }))
    .digest('hex');
  const stored = await findKeyedWrite(db, workspace, idempotency, request);
  if (stored !== undefined) return { messages: stored };
  try {
    return { messages: await insertMessages(db, workspace, input, options, request) };
  } catch (error) {
    // The same key written meanwhile by a concurrent repeat: this statement stored nothing.
    const raced = isKeyTaken(error) ? await findKeyedWrite(db, workspace, idempotency, request) : undefined;
    if (raced === undefined) throw error;
    return { messages: raced };
  }
}

const isKeyTaken = (error: unknown) =>
  (error as { code?: unknown }).code === '23505' &&
  String((error as { constraint?: unknown }).constraint ?? (error as Error).message).includes(
    'idempotency_keys',
  );

async function insertMessages(
  db: Database,
  workspace: string,
  input: AddMessagesInput,
  options: AddMessagesOptions,
  requestSha256?: string,
): Promise<Message[]> {
  const tokenCounts = await countTokens(input.messages.map((message) => message.content));
  const batch = input.messages.map((message, ord) => ({
    ord,
    peer: message.peer,
    content: message.content,
    metadata: message.metadata ?? {},
    // In UTC to the millisecond, as it reads back: the schema bounds it to years 1 to 9999.
    created_at: message.created_at === undefined ? null : new Date(message.created_at).toISOString(),
    token_count: tokenCounts[ord],
  }));
  return db.query<Message>(
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($3::jsonb)
         AS i(ord int, peer text, content text, metadata jsonb, created_at timestamptz, token_count int)
     ),
     new_workspace AS (INSERT INTO workspaces (id) VALUES ($1) ON CONFLICT DO NOTHING),
     new_session AS (
       INSERT INTO sessions (workspace_id, id, message_count) VALUES ($1, $2, (SELECT count(*) FROM input))
       ON CONFLICT (workspace_id, id) DO UPDATE SET message_count = sessions.message_count + EXCLUDED.message_count
     ),
     new_peers AS (
       INSERT INTO peers (workspace_id, id) SELECT $1, peer FROM input GROUP BY peer ORDER BY min(ord)
       ON CONFLICT DO NOTHING
     ),
     members AS (
       INSERT INTO session_peers (workspace_id, session_id, peer_id)
       SELECT $1, $2, peer FROM input GROUP BY peer ORDER BY min(ord)
       ON CONFLICT (workspace_id, session_id, peer_id) DO UPDATE SET left_at = NULL
       WHERE session_peers.left_at IS NOT NULL
     ),
     m AS (
       INSERT INTO messages (workspace_id, session_id, peer_id, content, metadata, token_count, created_at)
       SELECT $1, $2, peer, content, metadata, token_count, coalesce(created_at, now()) FROM input ORDER BY ord
       RETURNING *
     ),
     -- The deriver learns from the new messages in the background (see src/engine/deriver).
     task AS (
       INSERT INTO derivation_tasks (workspace_id, session_id, kind, first_seq, last_seq, available_at)
       SELECT $1, $2, 'observe', min(seq), max(seq), CASE WHEN $4 THEN 'infinity'::timestamptz ELSE now() END FROM m
     ),
     -- In the same statement: a write stored is stored with its key, or not at all.
     keyed AS (
       INSERT INTO idempotency_keys (workspace_id, holder, key, request_sha256, message_ids, expires_at)
       SELECT $1, $5, $6, $7, jsonb_agg(id ORDER BY seq), now() + make_interval(hours => $8) FROM m
       HAVING $6::text IS NOT NULL
     )
     SELECT ${MESSAGE_COLUMNS} FROM m ORDER BY m.seq`,
    [
      workspace,
      input.session,
      JSON.stringify(batch),
      options.held === true,
      options.idempotency?.holder ?? null,
      options.idempotency?.key ?? null,
      requestSha256 ?? null,
      IDEMPOTENCY_KEY_HOURS,
    ],
  );
}
