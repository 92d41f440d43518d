import { z } from 'zod';
import * as S from '../../schemas/platform.js';
import type { MemoryService } from '../../service/memory-service.js';
import type { Reach } from './platform-auth.js';
import { json, type PlatformRoute, type RouteInput, route } from './route-definition.js';

/** Where a search looks: the peer or the session its path names, if any. */
type Within = { peer?: string; session?: string };

/**
 * A search of a workspace's messages, as `/search` under a workspace, a peer or a session:
 * narrowed to the peer and the session of the path, or else to those of `filters`. The three
 * routes differ only in what their path narrows, so the search is written once.
 */
export function searchRoute<P extends z.ZodType<{ workspace_id: string }>>(definition: {
  path: string;
  serves?: keyof MemoryService;
  summary: string;
  params: P;
  scope?(input: RouteInput<P, z.ZodUndefined, typeof S.SearchBody>): Reach | readonly Reach[];
  within(params: z.output<P>): Within;
}): PlatformRoute {
  return route({
    method: 'post',
    path: definition.path,
    ...(definition.serves === undefined ? {} : { serves: definition.serves }),
    summary: definition.summary,
    ...(definition.scope === undefined ? {} : { scope: definition.scope }),
    params: definition.params,
    body: S.SearchBody,
    response: z.array(S.PlatformMessage),
    run: (backend, { params, body }) => {
      const within = definition.within(params);
      const session = within.session ?? body.filters?.session_id;
      const peer = within.peer ?? body.filters?.peer_id;
      return json(
        backend.search(params.workspace_id, {
          query: body.query,
          limit: body.limit,
          ...(session === undefined ? {} : { session }),
          ...(peer === undefined ? {} : { peer }),
        }),
      );
    },
  });
}
