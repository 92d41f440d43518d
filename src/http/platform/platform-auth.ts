import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { FoundApiKey } from '../../engine/platform/api-keys.js';
import type { KeyStore } from '../../engine/platform/keys-store.js';
import { createRateLimiter, type RateLimit } from '../rate-limiter.js';
import { detailResponse } from './platform-error-response.js';

/** Who sends a request: the key it carries, with its scope; `configured` is PEERMEM_ADMIN_KEY. */
export type Caller = FoundApiKey;

/**
 * What a request reaches, derived by each route from its path, query and body before anything is
 * read, so a refusal never depends on what exists:
 * - `server`: beyond any one workspace or organization (list workspaces, create organizations);
 * - `organization`: administration (keys, members) of the organization named, or of the
 *   caller's own when none is, and of the workspace named when one is;
 * - `workspace`: the whole workspace (`creates`: the request may create it);
 * - `peer`: what one peer holds or sees, acting as that peer;
 * - `opens` on either: the bare get-or-create the Honcho SDK sends before anything else to make
 *   a handle (the workspace for every key of it, a peer for a session key); it answers the id,
 *   metadata and configuration, and changes nothing that exists;
 * - `session`: one session; `as` lists the peers it writes or reads as (message authors, the
 *   perspective of a context), `manages` marks a change to the session itself or its members.
 */
export type Reach =
  | { level: 'server' }
  | { level: 'organization'; organization?: string | undefined; workspace?: string | undefined }
  | { level: 'workspace'; workspace: string; creates?: boolean; opens?: boolean }
  | { level: 'peer'; workspace: string; peer: string; opens?: boolean }
  | {
      level: 'session';
      workspace: string;
      session: string;
      as?: readonly string[];
      manages?: boolean;
    };

type AuthVariables = { Variables: { caller: Caller } };

export type KeyAuthenticationOptions = {
  /** The key from configuration: an admin key that is never stored. */
  adminKey: string;
  /** The stored keys; without them only the configured key is accepted. */
  keys?: KeyStore | undefined;
  /** Per key; absent, nothing is limited (the tests' load generators). */
  rateLimit?: RateLimit | undefined;
};

const CONFIGURED_KEY: Caller = { id: 'configured' };

/**
 * Tells who calls (401 for no key, or one that is unknown, revoked or expired: the same answer
 * for each), then counts the request against the key's limit (429 with Retry-After). The caller
 * is left in the context as `caller` for the scope check of each route.
 */
export function keyAuthentication(options: KeyAuthenticationOptions): MiddlewareHandler<AuthVariables> {
  const isConfigured = keyChecker(options.adminKey);
  const limiter =
    options.rateLimit !== undefined && options.rateLimit.requestsPerSecond > 0
      ? createRateLimiter(options.rateLimit)
      : undefined;
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const given = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
    const caller =
      given === undefined
        ? undefined
        : isConfigured(given)
          ? CONFIGURED_KEY
          : await options.keys?.findKey(given);
    // One answer for a key missing, unknown, revoked or expired: nothing is told about what exists.
    if (caller === undefined) return notAuthenticated();
    const wait = limiter?.take(caller.id) ?? 0;
    if (wait > 0 && limiter !== undefined) {
      const seconds = Math.max(1, Math.ceil(wait));
      return detailResponse(
        429,
        `too many requests with this API key: at most ${limiter.limit.requestsPerSecond} a second, ${limiter.limit.burst} at once; retry after ${seconds} s`,
        { 'Retry-After': String(seconds) },
      );
    }
    c.set('caller', caller);
    await next();
  };
}

const notAuthenticated = () =>
  detailResponse(401, 'a valid API key is required: send Authorization: Bearer <key>', {
    'WWW-Authenticate': 'Bearer',
  });

/** Compares keys by their hashes, in constant time. */
function keyChecker(key: string): (given: string) => boolean {
  const expected = createHash('sha256').update(key).digest();
  return (given) => timingSafeEqual(createHash('sha256').update(given).digest(), expected);
}

/** The answer for a request outside its key's scope: the same whether what it names exists or not. */
export const outOfScopeResponse = () =>
  detailResponse(403, 'this API key does not reach what the request names; use a key with that scope');

/**
 * Whether the caller's key reaches what a request does. Decided from the key and the reach alone,
 * except where the scope itself lives in the database: an organization key reaches the
 * workspaces its organization owns, and a peer key the sessions its peer is a member of. Those
 * lookups answer the same for a workspace or session that does not exist as for one out of reach.
 */
export async function reaches(caller: Caller, reach: Reach, keys: KeyStore | undefined): Promise<boolean> {
  const { organization, workspace, peer, session } = caller;
  if (organization === undefined && workspace === undefined) return true;
  if (workspace === undefined) return organizationReaches(organization as string, reach, keys);
  if (reach.level === 'server' || reach.level === 'organization') return false;
  if (reach.workspace !== workspace) return false;
  if (session !== undefined)
    return reach.level === 'session' ? reach.session === session : reach.opens === true;
  if (peer === undefined) return true;
  if (reach.level === 'workspace') return reach.opens === true;
  if (reach.level === 'peer') return reach.peer === peer;
  if (reach.manages === true) return false;
  if (!(reach.as ?? []).every((as) => as === peer)) return false;
  return (await keys?.isSessionMember(workspace, reach.session, peer)) === true;
}

async function organizationReaches(organization: string, reach: Reach, keys: KeyStore | undefined) {
  if (keys === undefined || reach.level === 'server') return false;
  if (reach.level === 'organization') {
    if (reach.organization !== undefined && reach.organization !== organization) return false;
    return (
      reach.workspace === undefined || (await keys.workspaceOrganization(reach.workspace)) === organization
    );
  }
  if (reach.level === 'workspace' && reach.creates === true)
    return keys.claimWorkspace(reach.workspace, organization);
  return (await keys.workspaceOrganization(reach.workspace)) === organization;
}
