// The webhook endpoints of the platform API and the state of their deliveries. The events
// themselves are written by triggers (migration 0009) and sent by src/engine/webhooks.

import {
  MAX_ENDPOINTS_PER_WORKSPACE,
  type Page,
  type PageRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../schemas/platform.js';
import { MemoryError, NotFoundError } from '../../service/errors.js';
import type { CreatedEndpoint, PlatformWebhooks } from '../../service/platform-backend.js';
import { isoTimestamp } from '../columns.js';
import type { Database } from '../database/database.js';
import { checkWebhookUrl } from '../webhooks/check-webhook-address.js';
import { newWebhookSecret } from '../webhooks/sign-webhook.js';
import { readPage } from './platform-page.js';

const ENDPOINT_JSON = `json_build_object('id', e.id, 'workspace_id', e.workspace_id, 'url', e.url,
  'created_at', ${isoTimestamp('e.created_at')})`;

const DELIVERY_JSON = `json_build_object('id', d.id::text, 'event_id', d.event_id, 'type', d.type,
  'status', d.status, 'attempts', d.attempts, 'last_status_code', d.last_status_code, 'last_error', d.last_error,
  'last_attempt_at', ${isoTimestamp('d.last_attempt_at')},
  'next_attempt_at', CASE WHEN d.status = 'pending' THEN ${isoTimestamp('d.next_attempt_at')} END,
  'finished_at', ${isoTimestamp('d.finished_at')}, 'created_at', ${isoTimestamp('d.occurred_at')})`;

/**
 * The workspace's endpoint for `url`, created (with a new secret, answered this once) when new.
 * The URL must pass `checkWebhookUrl`; a refusal is a 422 naming `url` and the reason.
 */
async function getOrCreateWebhookEndpoint(
  db: Database,
  workspace: string,
  rawUrl: string,
  allowPrivate: boolean,
): Promise<CreatedEndpoint> {
  const checked = await checkWebhookUrl(rawUrl, allowPrivate);
  if (!checked.ok) throw new MemoryError('invalid_input', `url: ${checked.reason}`, { field: 'url' });
  const secret = newWebhookSecret();
  const [row] = await db.query<{
    workspace: boolean;
    existing: WebhookEndpoint | null;
    created: WebhookEndpoint | null;
  }>(
    `WITH existing AS (SELECT * FROM webhook_endpoints WHERE workspace_id = $1 AND url = $2),
     created AS (
       INSERT INTO webhook_endpoints (workspace_id, url, secret)
       SELECT $1, $2, $3 FROM workspaces w
       WHERE w.id = $1 AND NOT EXISTS (SELECT 1 FROM existing)
         AND (SELECT count(*) FROM webhook_endpoints WHERE workspace_id = $1) < $4
       ON CONFLICT (workspace_id, url) DO NOTHING
       RETURNING *
     )
     SELECT EXISTS (SELECT 1 FROM workspaces WHERE id = $1) AS workspace,
            (SELECT ${ENDPOINT_JSON} FROM existing e) AS existing,
            (SELECT ${ENDPOINT_JSON} FROM created e) AS created`,
    [workspace, checked.url.href, secret, MAX_ENDPOINTS_PER_WORKSPACE],
  );
  if (!row?.workspace) throw workspaceNotFound(workspace);
  if (row.created) return { kind: 'created', endpoint: { ...row.created, secret } };
  if (row.existing) return { kind: 'existing', endpoint: row.existing };
  // Neither: the workspace is full, or a concurrent request created this URL a moment ago.
  const [again] = await db.query<{ endpoint: WebhookEndpoint }>(
    `SELECT ${ENDPOINT_JSON} AS endpoint FROM webhook_endpoints e WHERE e.workspace_id = $1 AND e.url = $2`,
    [workspace, checked.url.href],
  );
  return again ? { kind: 'existing', endpoint: again.endpoint } : { kind: 'limit' };
}

/** The workspace's endpoints, oldest first (without their secrets). */
function listWebhookEndpoints(
  db: Database,
  workspace: string,
  page: PageRequest,
): Promise<Page<WebhookEndpoint>> {
  return readPage<WebhookEndpoint>(
    db,
    {
      from: 'webhook_endpoints e',
      alias: 'e',
      where: 'e.workspace_id = $1',
      order: ['e.created_at', 'e.id'],
      json: ENDPOINT_JSON,
    },
    [workspace],
    page,
  );
}

/** Deletes an endpoint with its deliveries not yet sent: nothing more goes to it. */
async function deleteWebhookEndpoint(db: Database, workspace: string, id: string): Promise<void> {
  const [row] = await db.query<{ deleted: number }>(
    `WITH gone AS (DELETE FROM webhook_endpoints WHERE workspace_id = $1 AND id = $2 RETURNING id),
     dropped AS (DELETE FROM webhook_deliveries WHERE endpoint_id IN (SELECT id FROM gone))
     SELECT count(*)::int AS deleted FROM gone`,
    [workspace, id],
  );
  if (!row?.deleted) throw endpointNotFound(id);
}

/** Queues a `test.event` for every endpoint of the workspace (none: nothing is sent). */
async function queueTestEvent(db: Database, workspace: string): Promise<void> {
  await db.query(
    `SELECT webhook_enqueue(ARRAY[ROW($1::text, 'test.event', jsonb_build_object('workspace_id', $1::text))::webhook_event])`,
    [workspace],
  );
}

/** What became of the events sent to an endpoint: status, attempts, the last answer, the next try. */
async function listWebhookDeliveries(
  db: Database,
  workspace: string,
  endpoint: string,
  page: PageRequest,
): Promise<Page<WebhookDelivery>> {
  const [found] = await db.query('SELECT 1 FROM webhook_endpoints WHERE workspace_id = $1 AND id = $2', [
    workspace,
    endpoint,
  ]);
  if (!found) throw endpointNotFound(endpoint);
  return readPage(
    db,
    {
      from: 'webhook_deliveries d',
      alias: 'd',
      where: 'd.endpoint_id = $1',
      order: ['d.id'],
      json: DELIVERY_JSON,
    },
    [endpoint],
    page,
  );
}

const workspaceNotFound = (id: string) => new NotFoundError('workspace', id, 'workspace_id');

const endpointNotFound = (id: string) =>
  new NotFoundError('webhook endpoint', id, 'endpoint_id', 'does not exist in this workspace');

/** The webhook operations of the platform backend, bound to its database and its address rule. */
export function platformWebhooks(db: Database, allowPrivate: boolean): PlatformWebhooks {
  return {
    getOrCreate: (workspace: string, url: string) =>
      getOrCreateWebhookEndpoint(db, workspace, url, allowPrivate),
    list: (workspace: string, page: PageRequest) => listWebhookEndpoints(db, workspace, page),
    delete: (workspace: string, id: string) => deleteWebhookEndpoint(db, workspace, id),
    sendTest: (workspace: string) => queueTestEvent(db, workspace),
    deliveries: (workspace: string, endpoint: string, page: PageRequest) =>
      listWebhookDeliveries(db, workspace, endpoint, page),
  };
}
