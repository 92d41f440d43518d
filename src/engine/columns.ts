/**
 * SQL that shapes rows as the spec does, shared by every operation so both drivers return the
 * same JSON: timestamps are formatted by Postgres itself (ISO 8601, UTC, milliseconds).
 */
export const isoTimestamp = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of a Message, from a `messages` row aliased `m`. */
export const MESSAGE_COLUMNS = `m.id, m.content, m.peer_id, m.session_id, ${isoTimestamp('m.created_at')} AS created_at, m.token_count`;

/** The same Message as a JSON object, for aggregating a page into one row. */
export const MESSAGE_JSON = `json_build_object('id', m.id, 'content', m.content, 'peer_id', m.peer_id,
  'session_id', m.session_id, 'created_at', ${isoTimestamp('m.created_at')}, 'token_count', m.token_count)`;

/** The order of messages in a session: by time, then by arrival for messages of the same instant. */
export const messageOrder = (reverse: boolean) =>
  reverse ? 'm.created_at DESC, m.seq DESC' : 'm.created_at, m.seq';
