import { z } from 'zod';
import * as S from '../../schemas/platform.js';
import type { PlatformRoute } from './route-definition.js';

/**
 * `GET /v3/workspaces/{workspace_id}/export`: the workspace as `peermem export` writes it
 * (docs/export.md), streamed a page of rows at a time as it is read. The default scope of a
 * workspace path: admin and workspace keys (and an organization's keys for its own workspaces);
 * a peer or a session key reaches part of a workspace only, so it is refused with 403.
 */
export const EXPORT_ROUTE: PlatformRoute = {
  method: 'get',
  path: '/v3/workspaces/{workspace_id}/export',
  summary: 'Export a workspace as a peermem export file (JSONL), restored by `peermem import`',
  params: S.WorkspaceParams,
  query: undefined,
  body: undefined,
  response: z
    .string()
    .describe(
      'One JSON record a line: a header, the workspace, its peers, sessions, messages, observations, cards, summaries and learning tasks, then an end record (docs/export.md).',
    ),
  responseType: 'application/x-ndjson',
  status: 200,
  scope: ({ params }) => ({
    level: 'workspace',
    workspace: (params as { workspace_id: string }).workspace_id,
  }),
  run: async (backend, { params }) => {
    const workspace = (params as z.output<typeof S.WorkspaceParams>).workspace_id;
    const lines = await backend.exportWorkspace(workspace);
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await lines.return(undefined);
      },
    });
    return new Response(body, {
      headers: {
        'content-type': 'application/x-ndjson; charset=utf-8',
        'content-disposition': `attachment; filename="${encodeURIComponent(workspace)}.peermem.jsonl"`,
      },
    });
  },
};
