/**
 * Usage recorded by every `serve` and `worker` process of a database: per minute rows that each
 * process adds its figures to (an upsert that adds), so that any number of processes sum up, and
 * that are deleted once older than the configured number of days.
 */
export const usage = `
-- Requests per minute, route pattern ('GET /v3/workspaces/{workspace_id}/peers'), status,
-- workspace and key id ('' for none: a request that named no workspace, or carried no valid key).
-- latency_counts holds one count per fixed latency bucket (src/engine/usage/latency-buckets.ts).
CREATE TABLE usage_requests (
  minute timestamptz NOT NULL,
  route text NOT NULL,
  status smallint NOT NULL,
  workspace_id text NOT NULL,
  key_id text NOT NULL,
  requests bigint NOT NULL,
  total_ms double precision NOT NULL,
  latency_counts bigint[] NOT NULL,
  PRIMARY KEY (minute, route, status, workspace_id, key_id)
);

-- Messages and their tokens written per minute and workspace.
CREATE TABLE usage_writes (
  minute timestamptz NOT NULL,
  workspace_id text NOT NULL,
  messages bigint NOT NULL,
  tokens bigint NOT NULL,
  PRIMARY KEY (minute, workspace_id)
);

-- The learning queue as sampled once a minute by each process (the largest sample is kept):
-- tasks waiting or under way, and how long the oldest of them has waited. A workspace with
-- nothing queued has no row.
CREATE TABLE usage_queue (
  minute timestamptz NOT NULL,
  workspace_id text NOT NULL,
  depth integer NOT NULL,
  lag_seconds double precision NOT NULL,
  PRIMARY KEY (minute, workspace_id)
);

-- Which deriver learned a task, for the rate of each on the status page; where it runs.
ALTER TABLE derivation_tasks ADD COLUMN finished_by text;
CREATE INDEX derivation_tasks_finished ON derivation_tasks (finished_at) WHERE status = 'done';
ALTER TABLE derivers ADD COLUMN host text, ADD COLUMN pid integer;
`;
