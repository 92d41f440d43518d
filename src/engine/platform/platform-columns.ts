import { isoTimestamp } from '../columns.js';

/**
 * The JSON objects the platform API answers with, built by Postgres so both drivers return the
 * same shapes (timestamps in ISO 8601 UTC with milliseconds).
 */
export const WORKSPACE_JSON = `json_build_object('id', w.id, 'metadata', w.metadata,
  'configuration', w.configuration, 'created_at', ${isoTimestamp('w.created_at')})`;

/** A peer, from a `peers` row aliased `p`. */
export const PEER_JSON = `json_build_object('id', p.id, 'workspace_id', p.workspace_id, 'metadata', p.metadata,
  'configuration', p.configuration, 'created_at', ${isoTimestamp('p.created_at')})`;

/** A session, from a `sessions` row aliased `s`; `active` says whether it is active. */
export const sessionJson = (active = 'true') => `json_build_object('id', s.id, 'workspace_id', s.workspace_id,
  'is_active', ${active}, 'metadata', s.metadata, 'configuration', s.configuration,
  'created_at', ${isoTimestamp('s.created_at')})`;

/** A message with its workspace and metadata, from a `messages` row aliased `m`. */
export const PLATFORM_MESSAGE_JSON = `json_build_object('id', m.id, 'content', m.content, 'peer_id', m.peer_id,
  'session_id', m.session_id, 'workspace_id', m.workspace_id, 'metadata', m.metadata,
  'created_at', ${isoTimestamp('m.created_at')}, 'token_count', m.token_count)`;

/** A conclusion (an observation), from an `observations` row aliased `o`. */
export const CONCLUSION_JSON = `json_build_object('id', o.id, 'content', o.content, 'observer_id', o.observer_id,
  'observed_id', o.observed_id, 'session_id', o.session_id, 'level', 'explicit',
  'source_ids', '[]'::json, 'times_derived', o.times_seen, 'created_at', ${isoTimestamp('o.created_at')})`;
