import type { Database } from '../../src/engine/database/database.js';

/** A time as text to the microsecond in UTC, whatever the time zone of the connection. */
const t = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/**
 * Every row a workspace holds, table by table, as JSON text in a fixed order: what a restore
 * must reproduce. Surrogate keys (`seq`, task ids) differ between databases, so rows name each
 * other by id, and each table's order of arrival is kept as `arrival` (its rank by `seq`; a
 * session's members in their session).
 * Embeddings are left out: the deriver computes them again (docs/export.md).
 */
const TABLES: Record<string, string> = {
  workspaces: `SELECT json_build_object('id', id, 'metadata', metadata, 'configuration', configuration,
      'created_at', ${t('created_at')})::text AS row FROM workspaces WHERE id = $1`,
  workspace_folders: `SELECT json_build_object('folder', folder)::text AS row FROM workspace_folders WHERE workspace_id = $1`,
  peers: `SELECT json_build_object('id', id, 'metadata', metadata, 'configuration', configuration,
      'created_at', ${t('created_at')}, 'arrival', row_number() OVER (ORDER BY seq))::text AS row
    FROM peers WHERE workspace_id = $1 ORDER BY id`,
  sessions: `SELECT json_build_object('id', id, 'metadata', metadata, 'configuration', configuration,
      'message_count', message_count, 'created_at', ${t('created_at')})::text AS row
    FROM sessions WHERE workspace_id = $1 ORDER BY id`,
  session_peers: `SELECT json_build_object('session_id', session_id, 'peer_id', peer_id, 'observe_me', observe_me,
      'observe_others', observe_others, 'joined_at', ${t('joined_at')}, 'left_at', ${t('left_at')},
      'arrival', row_number() OVER (PARTITION BY session_id ORDER BY seq))::text AS row
    FROM session_peers WHERE workspace_id = $1 ORDER BY session_id, peer_id`,
  messages: `SELECT json_build_object('id', id, 'session_id', session_id, 'peer_id', peer_id, 'content', content,
      'metadata', metadata, 'token_count', token_count, 'created_at', ${t('created_at')},
      'arrival', row_number() OVER (ORDER BY seq))::text AS row
    FROM messages WHERE workspace_id = $1 ORDER BY id`,
  messages_not_learned: `SELECT json_build_object('message_id', m.id, 'session_id', n.session_id, 'reason', n.reason,
      'created_at', ${t('n.created_at')})::text AS row
    FROM messages_not_learned n JOIN messages m ON m.seq = n.message_seq WHERE n.workspace_id = $1 ORDER BY m.id`,
  observations: `SELECT json_build_object('id', id, 'observer_id', observer_id, 'observed_id', observed_id,
      'session_id', session_id, 'content', content, 'fact_key', fact_key, 'slot', slot, 'card_entry', card_entry,
      'source_message_ids', source_message_ids, 'times_seen', times_seen, 'occurred_at', ${t('occurred_at')},
      'superseded_by', superseded_by, 'explicit', explicit, 'created_at', ${t('created_at')},
      'updated_at', ${t('updated_at')}, 'arrival', row_number() OVER (ORDER BY seq))::text AS row
    FROM observations WHERE workspace_id = $1 ORDER BY id`,
  peer_cards: `SELECT json_build_object('observer_id', observer_id, 'observed_id', observed_id, 'card', card,
      'updated_at', ${t('updated_at')})::text AS row
    FROM peer_cards WHERE workspace_id = $1 ORDER BY observer_id, observed_id`,
  session_summaries: `SELECT json_build_object('session_id', session_id, 'summary_type', summary_type,
      'content', content, 'message_id', message_id, 'token_count', token_count,
      'created_at', ${t('created_at')})::text AS row
    FROM session_summaries WHERE workspace_id = $1 ORDER BY session_id, summary_type`,
  open_learning_tasks: `SELECT json_build_object('session_id', t.session_id, 'first', f.id, 'last', l.id,
      'status', t.status, 'attempts', t.attempts, 'last_error', t.last_error,
      'created_at', ${t('t.created_at')})::text AS row
    FROM derivation_tasks t JOIN messages f ON f.seq = t.first_seq JOIN messages l ON l.seq = t.last_seq
    WHERE t.workspace_id = $1 AND t.status <> 'done' ORDER BY f.id, l.id`,
};

export const RESTORED_TABLES = Object.keys(TABLES);

/** The rows of `workspace`, table by table (see TABLES). */
export async function workspaceRows(db: Database, workspace: string): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const [table, sql] of Object.entries(TABLES))
    rows[table] = (await db.query<{ row: string }>(sql, [workspace])).map((row) => row.row);
  return rows;
}

/**
 * Per table, how many rows the workspace holds and an MD5 of them all, sorted: what a restore
 * of a large workspace is compared by, without holding its rows in this process.
 */
export async function workspaceDigests(
  db: Database,
  workspace: string,
): Promise<Record<string, { rows: number; md5: string }>> {
  const digests: Record<string, { rows: number; md5: string }> = {};
  for (const [table, sql] of Object.entries(TABLES)) {
    const [digest] = await db.query<{ rows: number; md5: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(row, E'\n' ORDER BY row COLLATE "C"), '')) AS md5
       FROM (${sql}) t`,
      [workspace],
    );
    digests[table] = digest ?? { rows: 0, md5: '' };
  }
  return digests;
}

/** The row versions (`xmin`) of a workspace's rows: unchanged when nothing was written to them. */
export async function rowVersions(db: Database, workspace: string): Promise<string[]> {
  const rows = await db.query<{ v: string }>(
    `SELECT 'w' || xmin::text AS v FROM workspaces WHERE id = $1
     UNION ALL SELECT 'p' || xmin::text FROM peers WHERE workspace_id = $1
     UNION ALL SELECT 's' || xmin::text FROM sessions WHERE workspace_id = $1
     UNION ALL SELECT 'sp' || xmin::text FROM session_peers WHERE workspace_id = $1
     UNION ALL SELECT 'm' || xmin::text FROM messages WHERE workspace_id = $1
     UNION ALL SELECT 'o' || xmin::text FROM observations WHERE workspace_id = $1
     UNION ALL SELECT 'c' || xmin::text FROM peer_cards WHERE workspace_id = $1
     UNION ALL SELECT 'ss' || xmin::text FROM session_summaries WHERE workspace_id = $1
     UNION ALL SELECT 't' || xmin::text FROM derivation_tasks WHERE workspace_id = $1
     UNION ALL SELECT 'n' || xmin::text FROM messages_not_learned WHERE workspace_id = $1
     ORDER BY 1`,
    [workspace],
  );
  return rows.map((row) => row.v);
}
