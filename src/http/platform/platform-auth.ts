import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { FoundApiKey } from '../../engine/platform/api-keys.js';
import type { FoundConsoleSession } from '../../engine/platform/console-sessions.js';
import type { KeyStore } from '../../engine/platform/keys-store.js';
import { CONSOLE_COOKIE, CSRF_HEADER } from '../console/console-cookie.js';
import { createRateLimiter, type RateLimit } from '../rate-limiter.js';
import { detailResponse } from './platform-error-response.js';

/** Who sends a request: the key it carries, with its scope; `configured` is PEERMEM_ADMIN_KEY. */
export type Caller = FoundApiKey;

/**
 * What a request reaches, derived by each route from its path, query and body before anything is
 * read, so a refusal never depends on what exists (a route may name several, all reached):
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
  /**
   * The web console's sign-ins: a request without `Authorization` may carry the console's
   * session cookie instead, and acts with the key that session was opened with.
   */
  findConsoleSession?: ((token: string) => Promise<FoundConsoleSession | undefined>) | undefined;
};

const CONFIGURED_KEY: Caller = { id: 'configured' };

/**
 * Tells who calls (401 for no key, or one that is unknown, revoked or expired: the same answer
 * for each), then counts the request against the key's limit (429 with Retry-After). The caller
 * is left in the context as `caller` for the scope check of each route.
 *
 * A console session stands for its key only while the key is live (checked on each request, as
 * a bearer key is), and every request made with it needs the session's CSRF token in
 * `X-CSRF-Token`: the cookie goes with any request the browser sends to this host, the token only
 * with the console's own (another page can neither read it nor guess it). Reads need it too, since
 * a few routes act on a GET (`…/webhooks/test` sends an event) and another port of this host is
 * the same site, to which a SameSite=Strict cookie still goes.
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
    let caller =
      given === undefined
        ? undefined
        : isConfigured(given)
          ? CONFIGURED_KEY
          : await options.keys?.findKey(given);
    const sessionToken = given === undefined ? getCookie(c, CONSOLE_COOKIE) : undefined;
    if (sessionToken !== undefined && options.findConsoleSession !== undefined) {
      const session = await options.findConsoleSession(sessionToken);
      if (session !== undefined && !sameSecret(c.req.header(CSRF_HEADER) ?? '', session.csrfToken))
        return detailResponse(
          403,
          `a request made from the console needs its ${CSRF_HEADER} header; reload the console and try again`,
        );
      caller = session?.caller;
    }
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

/** Whether two secrets are equal, in constant time whatever their lengths. */
const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

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
 * workspaces its organization owns, a peer key the sessions its peer is a member of, and a
 * session key the handles of its session's members. Those lookups answer the same for a
 * workspace, session or peer that does not exist as for one out of reach.
 */
async function reaches(caller: Caller, reach: Reach, keys: KeyStore | undefined): Promise<boolean> {
  const { organization, workspace, peer, session } = caller;
  if (organization === undefined && workspace === undefined) return true;
  if (workspace === undefined) return organizationReaches(organization as string, reach, keys);
  if (reach.level === 'server' || reach.level === 'organization') return false;
  if (reach.workspace !== workspace) return false;
  if (session !== undefined) {
    if (reach.level !== 'peer')
      return reach.level === 'session' ? reach.session === session : reach.opens === true;
    // A peer's handle for a member only: it neither reads nor makes a peer outside the session.
    return reach.opens === true && (await keys?.isSessionMember(workspace, session, reach.peer)) === true;
  }
  if (peer === undefined) return true;
  if (reach.level === 'workspace') return reach.opens === true;
  if (reach.level === 'peer') return reach.peer === peer;
  if (reach.manages === true) return false;
  if (!(reach.as ?? []).every((as) => as === peer)) return false;
  return (await keys?.isSessionMember(workspace, reach.session, peer)) === true;
}

/**
 * Whether the key reaches everything a request names: a request naming a session in its body
 * beside the peer of its path (a chat in a session) must reach both.
 */
export async function reachesAll(
  caller: Caller,
  wanted: Reach | readonly Reach[],
  keys: KeyStore | undefined,
): Promise<boolean> {
  for (const reach of [wanted].flat()) if (!(await reaches(caller, reach, keys))) return false;
  return true;
}

/**
 * The gateway keeps each wallet's memory in the workspace named by its address; an id of that
 * shape claimed by an organization before the wallet's first call would hand the wallet's
 * memory to the organization. Only an admin key may make or assign one.
 */
const WALLET_WORKSPACE = /^0x[0-9a-f]{40}$/i;

async function organizationReaches(organization: string, reach: Reach, keys: KeyStore | undefined) {
  if (keys === undefined || reach.level === 'server') return false;
  if (reach.level === 'organization') {
    if (reach.organization !== undefined && reach.organization !== organization) return false;
    return (
      reach.workspace === undefined || (await keys.workspaceOrganization(reach.workspace)) === organization
    );
  }
  if (reach.level === 'workspace' && reach.creates === true)
    return !WALLET_WORKSPACE.test(reach.workspace) && keys.claimWorkspace(reach.workspace, organization);
  return (await keys.workspaceOrganization(reach.workspace)) === organization;
}
