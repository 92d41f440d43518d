// What a peer has learned about itself or another, as the console lists it: the observations with
// the messages they came from and when, current ones apart from the history they replaced.

import type { Page, PageRequest } from '../../schemas/platform.js';
import { SOURCES_SHOWN } from '../../schemas/platform.js';
import { isoTimestamp } from '../columns.js';
import type { Database } from '../database/database.js';
import { readPage } from './platform-page.js';

/** A message an observation was learned from, its text cut to a line. */
type ObservationSource = {
  id: string;
  session_id: string;
  peer_id: string;
  content: string;
  created_at: string;
};

export type PeerObservation = {
  id: string;
  content: string;
  observer_id: string;
  observed_id: string;
  session_id: string;
  /** The short line it gives the peer card, when it belongs there. */
  card_entry: string | null;
  times_seen: number;
  /** When what it describes happened, as far as the messages tell. */
  occurred_at: string | null;
  created_at: string;
  updated_at: string;
  /** The observation that replaced it (a newer value of the same slot), or null while current. */
  superseded_by: string | null;
  sources: ObservationSource[];
  /** How many messages it came from; `sources` holds the first few. */
  source_count: number;
};

const SOURCE_CHARS = 280;

const optionalTime = (column: string) =>
  `CASE WHEN ${column} IS NULL THEN NULL ELSE ${isoTimestamp(column)} END`;

const OBSERVATION_JSON = `json_build_object('id', o.id, 'content', o.content, 'observer_id', o.observer_id,
  'observed_id', o.observed_id, 'session_id', o.session_id, 'card_entry', o.card_entry,
  'times_seen', o.times_seen, 'occurred_at', ${optionalTime('o.occurred_at')},
  'created_at', ${isoTimestamp('o.created_at')}, 'updated_at', ${isoTimestamp('o.updated_at')},
  'superseded_by', o.superseded_by,
  'sources', coalesce((
    SELECT json_agg(json_build_object('id', m.id, 'session_id', m.session_id, 'peer_id', m.peer_id,
      'content', left(m.content, ${SOURCE_CHARS}), 'created_at', ${isoTimestamp('m.created_at')}) ORDER BY m.seq)
    FROM messages m
    WHERE m.id IN (SELECT jsonb_array_elements_text(o.source_message_ids) LIMIT ${SOURCES_SHOWN})
      AND m.workspace_id = o.workspace_id), '[]'::json),
  'source_count', jsonb_array_length(o.source_message_ids))`;

/**
 * One page of what `observer` holds about `observed`, oldest first (`reverse`: newest first):
 * the current observations, or with `history` the ones a newer observation replaced.
 */
export function listPeerObservations(
  db: Database,
  workspace: string,
  pair: { observer: string; observed: string },
  history: boolean,
  page: PageRequest,
): Promise<Page<PeerObservation>> {
  return readPage(
    db,
    {
      from: 'observations o',
      alias: 'o',
      where: `o.workspace_id = $1 AND o.observer_id = $2 AND o.observed_id = $3 AND o.superseded_by IS ${history ? 'NOT ' : ''}NULL`,
      order: ['o.seq'],
      json: OBSERVATION_JSON,
    },
    [workspace, pair.observer, pair.observed],
    page,
  );
}
