import type { InstanceStatus } from '../../schemas/usage.js';
import type { Database } from '../database/database.js';

export type ReadInstanceStatusParameters = {
  /** Only this workspace's queue and webhooks, without the process and its database; undefined: all. */
  workspace: string | undefined;
  version: string;
  startedAt: Date;
  /** Where the database lives, as shown to an admin (never a password). */
  location: string;
};

/** A deriver whose heartbeat (every ten seconds) is older than this is late; older still, gone. */
const LATE_SECONDS = 60;
const GONE_SECONDS = 300;

/**
 * The process, its database and vector search, the derivers learning from the database with
 * their rate, and what waits: the learning queue and webhook deliveries. A key scoped to a
 * workspace sees its workspace's queue and webhooks, and nothing of the machine.
 */
export async function readInstanceStatus(
  db: Database,
  params: ReadInstanceStatusParameters,
): Promise<InstanceStatus> {
  const workspace = params.workspace ?? null;
  const [row] = await db.query<{
    size_bytes: number | null;
    vector_search: boolean;
    workers: InstanceStatus['workers'] | null;
    queue: InstanceStatus['queue'];
    webhooks: InstanceStatus['webhooks'];
  }>(
    `SELECT
       CASE WHEN $1::text IS NULL THEN pg_database_size(current_database())::float8 END AS size_bytes,
       EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector')
         AND to_regclass('message_vectors') IS NOT NULL AS vector_search,
       CASE WHEN $1::text IS NULL THEN (
         SELECT json_agg(json_build_object(
           'id', d.id, 'reasoner', d.reasoner, 'host', d.host, 'pid', d.pid,
           'started_at', d.started_at, 'last_heartbeat_at', d.seen_at,
           'state', CASE WHEN d.seen_at > now() - make_interval(secs => ${LATE_SECONDS}) THEN 'alive'
                         WHEN d.seen_at > now() - make_interval(secs => ${GONE_SECONDS}) THEN 'late' ELSE 'gone' END,
           'tasks_learned', coalesce(l.learned, 0), 'tasks_per_minute', coalesce(l.recent, 0) / 5.0)
           ORDER BY d.seen_at DESC)
         FROM derivers d
         LEFT JOIN (SELECT finished_by, count(*) AS learned,
                           count(*) FILTER (WHERE finished_at > now() - interval '5 minutes') AS recent
                    FROM derivation_tasks WHERE status = 'done' AND finished_by IS NOT NULL
                    GROUP BY finished_by) l ON l.finished_by = d.id
         WHERE d.seen_at > now() - interval '1 day')
       END AS workers,
       (SELECT json_build_object(
          'pending', count(*) FILTER (WHERE status = 'pending'),
          'in_progress', count(*) FILTER (WHERE status = 'in_progress'),
          'failed', count(*) FILTER (WHERE status = 'failed'),
          'lag_seconds', coalesce(extract(epoch FROM now() - min(created_at) FILTER (WHERE status IN ('pending', 'in_progress'))), 0))
        FROM derivation_tasks WHERE $1::text IS NULL OR workspace_id = $1::text) AS queue,
       (SELECT json_build_object(
          'backlog', count(*) FILTER (WHERE status = 'pending'),
          'oldest_seconds', coalesce(extract(epoch FROM now() - min(occurred_at) FILTER (WHERE status = 'pending')), 0),
          'failed_last_day', count(*) FILTER (WHERE status = 'failed' AND finished_at > now() - interval '1 day'))
        FROM webhook_deliveries WHERE $1::text IS NULL OR workspace_id = $1::text) AS webhooks`,
    [workspace],
  );
  const startedAt = params.startedAt.getTime();
  return {
    scope: workspace === null ? 'all workspaces' : `workspace ${workspace}`,
    version: params.version,
    started_at: params.startedAt.toISOString(),
    uptime_seconds: (Date.now() - startedAt) / 1000,
    database: {
      kind: db.kind,
      location: workspace === null ? params.location : null,
      size_bytes: row?.size_bytes ?? null,
    },
    vector_search: row?.vector_search ? 'pgvector' : 'in-memory',
    workers: (row?.workers ?? []).map((worker) => ({
      ...worker,
      started_at: new Date(worker.started_at).toISOString(),
      last_heartbeat_at: new Date(worker.last_heartbeat_at).toISOString(),
      tasks_learned: Number(worker.tasks_learned),
      tasks_per_minute: Number(worker.tasks_per_minute),
    })),
    queue: {
      pending: Number(row?.queue.pending ?? 0),
      in_progress: Number(row?.queue.in_progress ?? 0),
      failed: Number(row?.queue.failed ?? 0),
      lag_seconds: Number(row?.queue.lag_seconds ?? 0),
    },
    webhooks: {
      backlog: Number(row?.webhooks.backlog ?? 0),
      oldest_seconds: Number(row?.webhooks.oldest_seconds ?? 0),
      failed_last_day: Number(row?.webhooks.failed_last_day ?? 0),
    },
  };
}
