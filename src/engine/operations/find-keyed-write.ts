import type { Message } from '../../schemas/message.js';
import { MemoryError } from '../../service/errors.js';
import { MESSAGE_JSON } from '../columns.js';
import type { Database } from '../database/database.js';

/** A message write's idempotency key, and who holds it (an API key, the MCP server, a wallet). */
export type IdempotencyKey = { holder: string; key: string };

/** How long a key answers a repeat with the messages of its first write. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/**
 * The messages a write with this key stored, in order, when one did within the last 24 hours
 * (expired keys are purged on the way); undefined when none did. A key used with another
 * request (`requestSha256` differs) is refused, naming `idempotency_key`.
 */
export async function findKeyedWrite(
  db: Database,
  workspace: string,
  idempotency: IdempotencyKey,
  requestSha256: string,
): Promise<Message[] | undefined> {
  // The purge and the read share a snapshot: the read leaves out what the purge removes itself.
  const [row] = await db.query<{ request_sha256: string; messages: Message[] }>(
    `WITH purged AS (DELETE FROM idempotency_keys WHERE expires_at <= now())
     SELECT k.request_sha256,
       coalesce((SELECT json_agg(${MESSAGE_JSON} ORDER BY given.ord)
         FROM jsonb_array_elements_text(k.message_ids) WITH ORDINALITY AS given (id, ord)
         JOIN messages m ON m.id = given.id AND m.workspace_id = k.workspace_id), '[]'::json) AS messages
     FROM idempotency_keys k
     WHERE k.workspace_id = $1 AND k.holder = $2 AND k.key = $3 AND k.expires_at > now()`,
    [workspace, idempotency.holder, idempotency.key],
  );
  if (row === undefined) return undefined;
  if (row.request_sha256 !== requestSha256)
    throw new MemoryError(
      'invalid_input',
      `idempotency_key "${idempotency.key}" was already used for a different write; a repeat must send the same request`,
      {
        field: 'idempotency_key',
        hint: 'Send the very same request again to get what it stored, or use a new key for a new write.',
      },
    );
  return row.messages;
}
