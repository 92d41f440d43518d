import type { z } from 'zod';
import * as S from '../../schemas/platform.js';
import type { MemoryService } from '../../service/memory-service.js';
import type { PlatformBackend } from '../../service/platform-backend.js';
import type { Caller, Reach } from './platform-auth.js';

/** A route's request once its schemas have checked it, typed by them. */
export type RouteInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  /** The request's `Idempotency-Key`, on a route that takes one. */
  idempotencyKey?: string | undefined;
};

type AnyInput = RouteInput<z.ZodType, z.ZodType, z.ZodType>;

/**
 * What every route table of the server shares (platform, keys, console, usage): where a route is served and the
 * schemas of its request and answer, from which the app validates and writes /openapi.json.
 */
type RouteShape = {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI style: `/v3/workspaces/{workspace_id}`. */
  path: string;
  summary: string;
  params: z.ZodType;
  query: z.ZodType | undefined;
  body: z.ZodType | undefined;
  response: z.ZodType;
};

/** A route as a table writes it, its schemas typing what its handler sees. */
type RouteDefinition<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  method: RouteShape['method'];
  path: string;
  summary: string;
  params: P;
  query?: Q;
  body?: B;
  response: z.ZodType;
};

/** What a route answers: JSON with a status, or a whole response (a stream). */
type RouteAnswer = { status?: 200 | 202; json: unknown } | Response;

/** A route of the Honcho-compatible API: it runs on the platform backend. */
export type PlatformRoute = RouteShape & {
  /**
   * The `MemoryService` method that a platform upstream's client (src/remote/platform-memory-service.ts)
   * serves with one request to this route, if one does.
   */
  serves?: keyof MemoryService;
  /** The body is multipart/form-data (a file upload), checked by `body` as an object of its fields. */
  multipart?: true;
  /** The route takes an `Idempotency-Key` header: a repeat answers what the first request stored. */
  idempotencyKey?: true;
  /** The media type of a success when it is not JSON (a stream of JSON lines). */
  responseType?: 'application/x-ndjson';
  status: 200 | 202;
  /** What the request reaches, for the scope check of its key (see platform-auth.ts): all of a list. */
  scope(input: AnyInput): Reach | readonly Reach[];
  run(backend: PlatformBackend, input: AnyInput, caller: Caller): Promise<RouteAnswer>;
};

/**
 * A route of the server's own administration (keys, organizations, the console's reads, OAuth
 * grants, usage): it runs on the store that keeps what it reads and answers its JSON, or a whole
 * response.
 */
export type StoreRoute<Store> = RouteShape & {
  status: 200;
  scope(input: AnyInput): Reach | readonly Reach[];
  run(store: Store, input: AnyInput, caller: Caller): Promise<unknown>;
};

/** The route builder of one store: a handler sees its validated input typed. */
export const storeRoute =
  <Store>() =>
  <P extends z.ZodType, Q extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined>(
    definition: RouteDefinition<P, Q, B> & {
      scope(input: RouteInput<P, Q, B>): Reach | readonly Reach[];
      run(store: Store, input: RouteInput<P, Q, B>, caller: Caller): Promise<unknown>;
    },
  ): StoreRoute<Store> => ({
    ...definition,
    query: definition.query,
    body: definition.body,
    status: 200,
    scope: definition.scope as StoreRoute<Store>['scope'],
    run: definition.run as StoreRoute<Store>['run'],
  });

/** The whole server: what an admin key reaches, and the scope of a path without a workspace. */
export const SERVER: Reach = { level: 'server' };

/**
 * The scope of a route that names none: the workspace of its path (a workspace key may use it, a
 * peer or a session key may not), or the whole server, for admin keys, on a path without one.
 */
function defaultScope(input: { params: unknown }): Reach {
  const workspace = (input.params as { workspace_id?: string }).workspace_id;
  return workspace === undefined ? SERVER : { level: 'workspace', workspace };
}

/** A route whose handler sees its validated input typed. */
export function route<
  P extends z.ZodType,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
>(
  definition: RouteDefinition<P, Q, B> & {
    serves?: keyof MemoryService;
    idempotencyKey?: true;
    status?: 200 | 202;
    /** By default the workspace of the path, or the whole server for a path without one. */
    scope?(input: RouteInput<P, Q, B>): Reach | readonly Reach[];
    run(backend: PlatformBackend, input: RouteInput<P, Q, B>, caller: Caller): Promise<RouteAnswer>;
  },
): PlatformRoute {
  return {
    ...definition,
    query: definition.query,
    body: definition.body,
    status: definition.status ?? 200,
    scope: (definition.scope ?? defaultScope) as PlatformRoute['scope'],
    run: definition.run as PlatformRoute['run'],
  };
}

/** A JSON answer of what `value` resolves to. */
export const json = async (value: Promise<unknown> | unknown, status?: 200 | 202) => ({
  json: await value,
  ...(status === undefined ? {} : { status }),
});

/** The `{message}` answer of a route whose work has no other result: a deletion, a change of members. */
export const acknowledged = async (work: Promise<unknown>, message: string, status?: 202) => {
  await work;
  return { json: { message }, ...(status === undefined ? {} : { status }) };
};

type PageInput<P extends z.ZodType> = RouteInput<P, typeof S.PageQuery, typeof S.FiltersBody>;

/**
 * Honcho's `POST …/list`: filters in the body (a null body or null filters: none), paging in the
 * query, a page of `item` in the answer. Every list of the API takes it the same way, so it is
 * written once; `list` says only which backend list the route reads.
 */
export function listRoute<P extends z.ZodType>(definition: {
  path: string;
  serves?: keyof MemoryService;
  summary: string;
  params: P;
  item: z.ZodType;
  scope?(input: PageInput<P>): Reach | readonly Reach[];
  list(
    backend: PlatformBackend,
    params: z.output<P>,
    filters: Record<string, unknown> | undefined,
    page: z.output<typeof S.PageQuery>,
  ): Promise<unknown>;
}): PlatformRoute {
  return route({
    method: 'post',
    path: definition.path,
    ...(definition.serves === undefined ? {} : { serves: definition.serves }),
    summary: definition.summary,
    params: definition.params,
    query: S.PageQuery,
    body: S.FiltersBody,
    response: S.PageOf(definition.item),
    ...(definition.scope === undefined ? {} : { scope: definition.scope }),
    run: (backend, { params, query, body }) =>
      json(definition.list(backend, params, body?.filters ?? undefined, query)),
  });
}

/**
 * The list of one kind of thing a workspace holds, `POST …/{workspace_id}/<name>/list`, read by the
 * backend's `list` and serving the memory's `serves`.
 */
export const workspaceListRoute = (definition: {
  name: string;
  list: 'listPeers' | 'listSessions' | 'listConclusions';
  serves: keyof MemoryService;
  summary: string;
  item: z.ZodType;
}) =>
  listRoute({
    path: `${WORKSPACE}/${definition.name}/list`,
    serves: definition.serves,
    summary: definition.summary,
    params: S.WorkspaceParams,
    item: definition.item,
    list: (backend, { workspace_id }, filters, page) => backend[definition.list](workspace_id, filters, page),
  });

/** The paths the platform's resources hang from, OpenAPI style. */
export const WORKSPACES = '/v3/workspaces';
export const WORKSPACE = `${WORKSPACES}/{workspace_id}`;
export const SESSION = `${WORKSPACE}/sessions/{session_id}`;
