import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import * as S from '../../schemas/platform.js';
import type { PlatformBackend } from '../../service/platform-backend.js';
import { detailResponse } from './platform-error-response.js';
import type { PlatformRoute, RouteInput } from './route-definition.js';

/** A webhook route whose handler sees its validated input typed; it reaches the path's workspace. */
function webhookRoute<
  P extends z.ZodType,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
>(
  definition: Pick<PlatformRoute, 'method' | 'path' | 'summary' | 'response'> & {
    params: P;
    query?: Q;
    body?: B;
    run(backend: PlatformBackend, input: RouteInput<P, Q, B>): Promise<{ json: unknown } | Response>;
  },
): PlatformRoute {
  return {
    ...definition,
    query: definition.query,
    body: definition.body,
    status: 200,
    // Honcho's rule: an admin key, or a key of this workspace; peer and session keys may not.
    scope: ({ params }) => ({
      level: 'workspace',
      workspace: (params as { workspace_id: string }).workspace_id,
    }),
    run: definition.run as PlatformRoute['run'],
  };
}

const WEBHOOKS = '/v3/workspaces/{workspace_id}/webhooks';
const EndpointParams = S.WorkspaceParams.extend({ endpoint_id: Id.describe('The webhook endpoint id.') });

/** The webhook routes of the platform API, Honcho's paths and answers, plus the delivery state. */
export const WEBHOOK_ROUTES: readonly PlatformRoute[] = [
  webhookRoute({
    method: 'post',
    path: WEBHOOKS,
    summary:
      'Get or create a webhook endpoint by URL: 201 with its signing secret when new, 200 when it exists; 409 past ten per workspace',
    params: S.WorkspaceParams,
    body: z.strictObject({
      url: z.string().min(1).max(2048).describe('Where events are POSTed: http or https.'),
    }),
    response: S.WebhookEndpoint,
    run: async (backend, { params, body }) => {
      const result = await backend.webhooks.getOrCreate(params.workspace_id, body.url);
      if (result.kind === 'limit')
        return detailResponse(
          409,
          `Maximum number of webhook endpoints (${S.MAX_ENDPOINTS_PER_WORKSPACE}) reached for this workspace.`,
        );
      return Response.json(result.endpoint, { status: result.kind === 'created' ? 201 : 200 });
    },
  }),
  webhookRoute({
    method: 'get',
    path: WEBHOOKS,
    summary: 'List the webhook endpoints of a workspace',
    params: S.WorkspaceParams,
    query: S.PageQuery,
    response: S.PageOf(S.WebhookEndpoint),
    run: async (backend, { params, query }) => ({
      json: await backend.webhooks.list(params.workspace_id, query),
    }),
  }),
  webhookRoute({
    method: 'get',
    path: `${WEBHOOKS}/test`,
    summary: 'Send a test.event to every webhook endpoint of the workspace',
    params: S.WorkspaceParams,
    response: z.null(),
    run: async (backend, { params }) => {
      await backend.webhooks.sendTest(params.workspace_id);
      return { json: null };
    },
  }),
  webhookRoute({
    method: 'delete',
    path: `${WEBHOOKS}/{endpoint_id}`,
    summary: 'Delete a webhook endpoint (204): its deliveries not yet sent are dropped',
    params: EndpointParams,
    response: z.null(),
    run: async (backend, { params }) => {
      await backend.webhooks.delete(params.workspace_id, params.endpoint_id);
      return new Response(null, { status: 204 });
    },
  }),
  webhookRoute({
    method: 'get',
    path: `${WEBHOOKS}/{endpoint_id}/deliveries`,
    summary: 'The deliveries to a webhook endpoint: status, attempts, last answer, next attempt',
    params: EndpointParams,
    query: S.PageQuery,
    response: S.PageOf(S.WebhookDelivery),
    run: async (backend, { params, query }) => ({
      json: await backend.webhooks.deliveries(params.workspace_id, params.endpoint_id, query),
    }),
  }),
];
