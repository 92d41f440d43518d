import {
  DATA_RECORD_TYPES,
  type DataRecordType,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportHeader,
} from '../../schemas/export-records.js';
import { MemoryError } from '../../service/errors.js';
import { VERSION } from '../../version.js';
import type { Database } from '../database/database.js';

/** Rows read in one statement: a page of 1,000 messages is about 0.5 MB of lines. */
const PAGE_ROWS = 1000;

/** Postgres keeps microseconds; the export does too, so a restored row equals its original. */
const time = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * How one record type is read: a page of one workspace's rows after a key, each row as its JSON
 * line built by Postgres (both drivers then write the same bytes) and the key that follows it.
 * Keys are text; `after` casts them back. Ordered by arrival (`seq`) where the table has one, so
 * a restore inserts in the same order and ties of `created_at` keep their order.
 */
type RecordSource = {
  count: string;
  page: string;
  firstKey: string;
};

const SOURCES: Record<DataRecordType, RecordSource> = {
  workspace: {
    count: 'SELECT count(*)::int AS n FROM workspaces WHERE id = $1',
    firstKey: '',
    page: `SELECT w.id AS key, json_build_object('type', 'workspace', 'id', w.id, 'metadata', w.metadata,
             'configuration', w.configuration, 'created_at', ${time('w.created_at')}, 'folder', f.folder)::text AS line
           FROM workspaces w LEFT JOIN workspace_folders f ON f.workspace_id = w.id
           WHERE w.id = $1 AND w.id > $2 LIMIT $3`,
  },
  peer: {
    count: 'SELECT count(*)::int AS n FROM peers WHERE workspace_id = $1',
    firstKey: '0',
    page: `SELECT p.seq::text AS key, json_build_object('type', 'peer', 'workspace_id', p.workspace_id, 'id', p.id,
             'metadata', p.metadata, 'configuration', p.configuration, 'created_at', ${time('p.created_at')})::text AS line
           FROM peers p WHERE p.workspace_id = $1 AND p.seq > $2::bigint ORDER BY p.seq LIMIT $3`,
  },
  session: {
    count: 'SELECT count(*)::int AS n FROM sessions WHERE workspace_id = $1',
    firstKey: '',
    page: `SELECT s.id AS key, json_build_object('type', 'session', 'workspace_id', s.workspace_id, 'id', s.id,
             'metadata', s.metadata, 'configuration', s.configuration, 'created_at', ${time('s.created_at')},
             'members', coalesce((
               SELECT json_agg(json_build_object('peer_id', sp.peer_id, 'observe_me', sp.observe_me,
                 'observe_others', sp.observe_others, 'joined_at', ${time('sp.joined_at')},
                 'left_at', ${time('sp.left_at')}) ORDER BY sp.seq)
               FROM session_peers sp WHERE sp.workspace_id = s.workspace_id AND sp.session_id = s.id), '[]'))::text AS line
           FROM sessions s WHERE s.workspace_id = $1 AND s.id > $2 ORDER BY s.id LIMIT $3`,
  },
  message: {
    count: 'SELECT count(*)::int AS n FROM messages WHERE workspace_id = $1',
    firstKey: '0',
    page: `SELECT m.seq::text AS key, json_build_object('type', 'message', 'workspace_id', m.workspace_id,
             'session_id', m.session_id, 'id', m.id, 'peer_id', m.peer_id, 'content', m.content,
             'metadata', m.metadata, 'token_count', m.token_count, 'created_at', ${time('m.created_at')},
             'not_learned', CASE WHEN n.message_seq IS NULL THEN NULL
               ELSE json_build_object('reason', n.reason, 'created_at', ${time('n.created_at')}) END)::text AS line
           FROM messages m LEFT JOIN messages_not_learned n ON n.message_seq = m.seq
           WHERE m.workspace_id = $1 AND m.seq > $2::bigint ORDER BY m.seq LIMIT $3`,
  },
  observation: {
    count: 'SELECT count(*)::int AS n FROM observations WHERE workspace_id = $1',
    firstKey: '0',
    page: `SELECT o.seq::text AS key, json_build_object('type', 'observation', 'workspace_id', o.workspace_id,
             'id', o.id, 'observer_id', o.observer_id, 'observed_id', o.observed_id, 'session_id', o.session_id,
             'content', o.content, 'fact_key', o.fact_key, 'slot', o.slot, 'card_entry', o.card_entry,
             'source_message_ids', o.source_message_ids, 'times_seen', o.times_seen,
             'occurred_at', ${time('o.occurred_at')}, 'superseded_by', o.superseded_by, 'explicit', o.explicit,
             'created_at', ${time('o.created_at')}, 'updated_at', ${time('o.updated_at')})::text AS line
           FROM observations o WHERE o.workspace_id = $1 AND o.seq > $2::bigint ORDER BY o.seq LIMIT $3`,
  },
  card: {
    count: 'SELECT count(*)::int AS n FROM peer_cards WHERE workspace_id = $1',
    firstKey: '[]',
    page: `SELECT json_build_array(c.observer_id, c.observed_id)::text AS key, json_build_object('type', 'card',
             'workspace_id', c.workspace_id, 'observer_id', c.observer_id, 'observed_id', c.observed_id,
             'card', c.card, 'updated_at', ${time('c.updated_at')})::text AS line
           FROM peer_cards c WHERE c.workspace_id = $1
             AND (c.observer_id, c.observed_id) > (coalesce($2::jsonb->>0, ''), coalesce($2::jsonb->>1, ''))
           ORDER BY c.observer_id, c.observed_id LIMIT $3`,
  },
  summary: {
    count: 'SELECT count(*)::int AS n FROM session_summaries WHERE workspace_id = $1',
    firstKey: '[]',
    page: `SELECT json_build_array(s.session_id, s.summary_type)::text AS key, json_build_object('type', 'summary',
             'workspace_id', s.workspace_id, 'session_id', s.session_id, 'summary_type', s.summary_type,
             'content', s.content, 'message_id', s.message_id, 'token_count', s.token_count,
             'created_at', ${time('s.created_at')})::text AS line
           FROM session_summaries s WHERE s.workspace_id = $1
             AND (s.session_id, s.summary_type) > (coalesce($2::jsonb->>0, ''), coalesce($2::jsonb->>1, ''))
           ORDER BY s.session_id, s.summary_type LIMIT $3`,
  },
  // What the deriver has still to learn, by message ids (seqs differ in another database); a
  // task under way is written as pending, to be learned again where it is restored.
  learning_task: {
    count: `SELECT count(*)::int AS n FROM derivation_tasks WHERE workspace_id = $1 AND status <> 'done'`,
    firstKey: '0',
    page: `SELECT t.id::text AS key, json_build_object('type', 'learning_task', 'workspace_id', t.workspace_id,
             'session_id', t.session_id, 'first_message_id', r.first_id, 'last_message_id', r.last_id,
             'status', CASE t.status WHEN 'failed' THEN 'failed' ELSE 'pending' END, 'attempts', t.attempts,
             'last_error', t.last_error, 'created_at', ${time('t.created_at')})::text AS line
           FROM derivation_tasks t
           CROSS JOIN LATERAL (
             SELECT (array_agg(m.id ORDER BY m.seq))[1] AS first_id, (array_agg(m.id ORDER BY m.seq DESC))[1] AS last_id
             FROM messages m WHERE m.workspace_id = t.workspace_id AND m.session_id = t.session_id
               AND m.seq BETWEEN t.first_seq AND t.last_seq) r
           WHERE t.workspace_id = $1 AND t.status <> 'done' AND t.id > $2::bigint AND r.first_id IS NOT NULL
           ORDER BY t.id LIMIT $3`,
  },
};

/**
 * The export file of one workspace, as the platform serves it: not found before a line is
 * written, so the answer is a 404 rather than a stream that ends early.
 */
export async function exportWorkspace(db: Database, workspace: string): Promise<AsyncGenerator<string>> {
  const found = await db.query('SELECT 1 FROM workspaces WHERE id = $1', [workspace]);
  if (found.length === 0)
    throw new MemoryError('not_found', `workspace "${workspace}" does not exist`, { field: 'workspace_id' });
  return exportWorkspaces(db, [workspace]);
}

/** The workspaces of the database, oldest first: what `--all` exports. */
export async function listWorkspaceIds(db: Database): Promise<string[]> {
  const rows = await db.query<{ id: string }>('SELECT id FROM workspaces ORDER BY created_at, id');
  return rows.map((row) => row.id);
}

/**
 * The export file of `workspaces`, line by line (each ending in a newline): the header, then for
 * each workspace its records type by type, then the end record with the counts written. Reads a
 * page of rows at a time, so a workspace of any size is never held in memory. Each page is read by
 * its own statement: a workspace written to meanwhile is exported as each page found it.
 */
export async function* exportWorkspaces(
  db: Database,
  workspaces: readonly string[],
  options: { exportedAt?: Date } = {},
): AsyncGenerator<string> {
  const counts: Record<string, number> = Object.fromEntries(DATA_RECORD_TYPES.map((type) => [type, 0]));
  for (const workspace of workspaces)
    for (const type of DATA_RECORD_TYPES) {
      const [row] = await db.query<{ n: number }>(SOURCES[type].count, [workspace]);
      counts[type] = (counts[type] ?? 0) + (row?.n ?? 0);
    }
  const header: ExportHeader = {
    type: 'header',
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    peermem_version: VERSION,
    exported_at: (options.exportedAt ?? new Date()).toISOString(),
    workspaces: [...workspaces],
    counts,
  };
  yield `${JSON.stringify(header)}\n`;
  const written: Record<string, number> = Object.fromEntries(DATA_RECORD_TYPES.map((type) => [type, 0]));
  for (const workspace of workspaces)
    for (const type of DATA_RECORD_TYPES) {
      const source = SOURCES[type];
      let after = source.firstKey;
      for (;;) {
        const rows = await db.query<{ key: string; line: string }>(source.page, [
          workspace,
          after,
          PAGE_ROWS,
        ]);
        if (rows.length > 0) yield `${rows.map((row) => row.line).join('\n')}\n`;
        written[type] = (written[type] ?? 0) + rows.length;
        const last = rows.at(-1);
        if (last === undefined || rows.length < PAGE_ROWS) break;
        after = last.key;
      }
    }
  yield `${JSON.stringify({ type: 'end', records: written })}\n`;
}
