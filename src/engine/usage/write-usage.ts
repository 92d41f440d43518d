import type { Database } from '../database/database.js';

/** The figures of one minute and route, status, workspace and key, as a process counted them. */
export type RequestFigures = {
  minute: string;
  route: string;
  status: number;
  workspace_id: string;
  key_id: string;
  requests: number;
  total_ms: number;
  latency_counts: number[];
};

export type WriteFigures = { minute: string; workspace_id: string; messages: number; tokens: number };

export type UsageWrite = {
  requests: readonly RequestFigures[];
  writes: readonly WriteFigures[];
  /** Sample the learning queue into this minute's row (once a minute per process). */
  sampleQueue: boolean;
  /** Delete what is older than this many days (once an hour per process); undefined: not now. */
  pruneAfterDays: number | undefined;
};

/**
 * Adds a process's figures to the rows of their minutes, in one statement: an upsert that adds,
 * so that the figures of any number of processes sharing the database sum up; the queue sample
 * keeps the largest of the processes' samples. Rows past the retention go in the same statement.
 */
export async function writeUsage(db: Database, usage: UsageWrite): Promise<void> {
  await db.query(
    `WITH requests AS (
       INSERT INTO usage_requests AS u (minute, route, status, workspace_id, key_id, requests, total_ms, latency_counts)
       SELECT r.minute, r.route, r.status, r.workspace_id, r.key_id, r.requests, r.total_ms,
              ARRAY(SELECT c::bigint FROM jsonb_array_elements_text(r.latency_counts) WITH ORDINALITY AS e(c, i) ORDER BY i)
       FROM jsonb_to_recordset($1::jsonb) AS r(minute timestamptz, route text, status smallint, workspace_id text,
            key_id text, requests bigint, total_ms double precision, latency_counts jsonb)
       ON CONFLICT (minute, route, status, workspace_id, key_id) DO UPDATE SET
         requests = u.requests + EXCLUDED.requests,
         total_ms = u.total_ms + EXCLUDED.total_ms,
         latency_counts = ARRAY(SELECT a + b FROM unnest(u.latency_counts, EXCLUDED.latency_counts)
                                WITH ORDINALITY AS t(a, b, i) ORDER BY i)
     ),
     writes AS (
       INSERT INTO usage_writes AS u (minute, workspace_id, messages, tokens)
       SELECT w.minute, w.workspace_id, w.messages, w.tokens
       FROM jsonb_to_recordset($2::jsonb) AS w(minute timestamptz, workspace_id text, messages bigint, tokens bigint)
       ON CONFLICT (minute, workspace_id) DO UPDATE SET
         messages = u.messages + EXCLUDED.messages, tokens = u.tokens + EXCLUDED.tokens
     ),
     queue AS (
       INSERT INTO usage_queue AS u (minute, workspace_id, depth, lag_seconds)
       SELECT date_trunc('minute', now()), workspace_id, count(*),
              extract(epoch FROM now() - min(created_at))
       FROM derivation_tasks WHERE $3::boolean AND status IN ('pending', 'in_progress') GROUP BY workspace_id
       ON CONFLICT (minute, workspace_id) DO UPDATE SET
         depth = GREATEST(u.depth, EXCLUDED.depth), lag_seconds = GREATEST(u.lag_seconds, EXCLUDED.lag_seconds)
     ),
     pruned_requests AS (
       DELETE FROM usage_requests WHERE $4::integer IS NOT NULL AND minute < now() - make_interval(days => $4::integer)
     ),
     pruned_writes AS (
       DELETE FROM usage_writes WHERE $4::integer IS NOT NULL AND minute < now() - make_interval(days => $4::integer)
     ),
     pruned_queue AS (
       DELETE FROM usage_queue WHERE $4::integer IS NOT NULL AND minute < now() - make_interval(days => $4::integer)
     )
     SELECT 1`,
    [
      JSON.stringify(usage.requests),
      JSON.stringify(usage.writes),
      usage.sampleQueue,
      usage.pruneAfterDays ?? null,
    ],
  );
}
