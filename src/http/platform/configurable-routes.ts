import type { z } from 'zod';
import * as S from '../../schemas/platform.js';
import type { MemoryService } from '../../service/memory-service.js';
import type { PlatformBackend } from '../../service/platform-backend.js';
import type { Reach } from './platform-auth.js';
import { acknowledged, json, type PlatformRoute, type RouteInput, route } from './route-definition.js';

type Input<P extends z.ZodType> = RouteInput<P, z.ZodUndefined, z.ZodType>;

/**
 * The change and the deletion of a resource that carries metadata and a configuration (a
 * workspace, a peer, a session), alike on all three: PUT replaces the metadata and/or the
 * configuration given and answers the resource; DELETE answers 202 with `{message: "<name> deleted"}`.
 */
export function configurableRoutes<P extends z.ZodType>(definition: {
  name: 'workspace' | 'peer' | 'session';
  /** The resource's own path, OpenAPI style. */
  path: string;
  params: P;
  item: z.ZodType;
  deleteSummary: string;
  /** Who may change it, and who may delete it; by default the workspace of the path. */
  scope?: { change?(input: Input<P>): Reach; delete?(input: Input<P>): Reach };
  /** The `MemoryService` methods the change and the deletion serve, if any (see PlatformRoute). */
  serves?: { change: keyof MemoryService; delete: keyof MemoryService };
  change(backend: PlatformBackend, params: z.output<P>, change: S.ConfigurableChange): Promise<unknown>;
  delete(backend: PlatformBackend, params: z.output<P>): Promise<unknown>;
}): PlatformRoute[] {
  const { name, path, params, scope, serves } = definition;
  return [
    route({
      method: 'put',
      path,
      ...(serves === undefined ? {} : { serves: serves.change }),
      summary: `Update a ${name}’s metadata and/or configuration`,
      ...(scope?.change === undefined ? {} : { scope: scope.change }),
      params,
      body: S.Change,
      response: definition.item,
      run: (backend, input) => json(definition.change(backend, input.params, S.givenSettings(input.body))),
    }),
    route({
      method: 'delete',
      path,
      ...(serves === undefined ? {} : { serves: serves.delete }),
      summary: definition.deleteSummary,
      ...(scope?.delete === undefined ? {} : { scope: scope.delete }),
      params,
      response: S.Deleted,
      status: 202,
      run: (backend, input) => acknowledged(definition.delete(backend, input.params), `${name} deleted`, 202),
    }),
  ];
}
