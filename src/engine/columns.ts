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

/** A Peer as the tools list it, from a `peers` row aliased `p`. */
export const PEER_ITEM_JSON = `json_build_object('id', p.id, 'metadata', p.metadata, 'created_at', ${isoTimestamp('p.created_at')})`;

/** A SessionListItem, from a `sessions` row aliased `s` with an `is_active` column. */
export const SESSION_ITEM_JSON = `json_build_object('id', s.id, 'metadata', s.metadata,
  'created_at', ${isoTimestamp('s.created_at')}, 'is_active', s.is_active)`;

/** The order of sessions in a list: by creation, then by id for sessions of the same instant. */
export const sessionOrder = (reverse: boolean) =>
  reverse ? 's.created_at DESC, s.id DESC' : 's.created_at, s.id';
