import { createHash, timingSafeEqual } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { FoundApiKey } from '../../engine/platform/api-keys.js';
import type { ConsoleStore } from '../../engine/platform/create-console-store.js';
import type { KeyStore } from '../../engine/platform/keys-store.js';
import { refuseLargeBody } from '../refuse-large-body.js';
import type { ConsoleAssets } from './console-assets.js';
import { CONSOLE_COOKIE, CONSOLE_SESSION_HOURS, CSRF_HEADER } from './console-cookie.js';
import type { OneTimeSignIn } from './one-time-sign-in.js';

export type ConsoleOptions = {
  store: ConsoleStore;
  /** The built pages; absent, /console says how to build them. */
  assets: ConsoleAssets | undefined;
  /** Cookies are marked Secure: the public URL is https (a request over https is marked anyway). */
  secureCookies: boolean;
  /** `peermem console`'s sign-in link, which signs in with the admin key without showing it. */
  oneTimeSignIn?: OneTimeSignIn | undefined;
};

type ConsoleAppOptions = ConsoleOptions & { adminKey: string; keys?: KeyStore | undefined };

/**
 * Whatever the page shows came from memory or a user and is rendered as text; the policy is the
 * second wall: only the console's own script and styles run, nothing inline, nothing framed.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SESSION_MS = CONSOLE_SESSION_HOURS * 3_600_000;
const MAX_KEY_CHARS = 1_000;

/** What a signed-in key is, as the pages need it to show what it reaches. */
function describeKey(caller: FoundApiKey) {
  const kind =
    caller.session !== undefined
      ? 'session'
      : caller.peer !== undefined
        ? 'peer'
        : caller.workspace !== undefined
          ? 'workspace'
          : caller.organization !== undefined
            ? 'organization'
            : 'admin';
  return {
    id: caller.id,
    kind,
    organization_id: caller.organization ?? null,
    member: caller.member ?? null,
    workspace_id: caller.workspace ?? null,
    peer_id: caller.peer ?? null,
    session_id: caller.session ?? null,
  };
}

const detail = (status: 400 | 401 | 403, text: string) =>
  Response.json({ detail: text }, { status, headers: { 'Cache-Control': 'no-store' } });

const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

/**
 * The web console at /console: its pages (one HTML shell for every page path, so each is a URL
 * that can be bookmarked), their hashed assets, and sign-in. The pages call the platform API with
 * the session cookie set here, so they reach exactly what the signed-in key reaches.
 */
export function createConsoleApp(options: ConsoleAppOptions): Hono {
  const { store, assets } = options;
  const app = new Hono().basePath('/console');
  app.use('*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    c.header('X-Frame-Options', 'DENY');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
  });
  app.use(
    '/api/*',
    refuseLargeBody(() => detail(400, 'body: too large for a sign-in')),
  );

  app.get('/assets/:name', (c) => {
    const asset = assets?.files.get(c.req.param('name'));
    if (asset === undefined) return c.text('no such file', 404);
    // Each name carries a hash of its content: a new build has new names.
    return c.body(asset.body as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': asset.type,
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });

  const isSecure = (c: Context) =>
    options.secureCookies ||
    new URL(c.req.url).protocol === 'https:' ||
    c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';

  /** Sets the session cookie: unreadable by scripts, never sent from another site's page. */
  async function signIn(c: Context, key: FoundApiKey) {
    const opened = await store.openSession(
      key.id === 'configured'
        ? { kind: 'configured', adminKey: options.adminKey }
        : { kind: 'stored', id: key.id },
      SESSION_MS,
    );
    setCookie(c, CONSOLE_COOKIE, opened.token, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: isSecure(c),
      path: '/',
      maxAge: SESSION_MS / 1000,
    });
    return opened;
  }

  app.post('/api/session', async (c) => {
    // A page of another origin (even another port of this host, which counts as the same site)
    // must not sign the browser in with a key of its choosing.
    const origin = c.req.header('origin');
    if (origin !== undefined && safeHost(origin) !== c.req.header('host'))
      return detail(403, 'sign-in: send it from the console page of this server');
    const body = (await c.req.json().catch(() => undefined)) as { key?: unknown } | undefined;
    const given = typeof body?.key === 'string' ? body.key.trim() : '';
    if (given === '' || given.length > MAX_KEY_CHARS)
      return detail(400, 'key: paste an API key (the admin key, or one minted with peermem keys create)');
    const key = sameSecret(given, options.adminKey)
      ? ({ id: 'configured' } as FoundApiKey)
      : await options.keys?.findKey(given);
    if (key === undefined) return detail(401, 'this API key is unknown, revoked or expired');
    const opened = await signIn(c, key);
    return c.json(
      { signed_in: true, key: describeKey(key), csrf_token: opened.csrfToken, expires_at: opened.expiresAt },
      200,
      {
        'Cache-Control': 'no-store',
      },
    );
  });

  // Signed out is an answer, not a failure: the sign-in page asks this on every load.
  app.get('/api/session', async (c) => {
    const token = getCookie(c, CONSOLE_COOKIE);
    const session = token === undefined ? undefined : await store.findSession(token, options.adminKey);
    if (session === undefined) return c.json({ signed_in: false }, 200, { 'Cache-Control': 'no-store' });
    return c.json(
      {
        signed_in: true,
        key: describeKey(session.caller),
        csrf_token: session.csrfToken,
        expires_at: session.expiresAt,
      },
      200,
      { 'Cache-Control': 'no-store' },
    );
  });

  app.delete('/api/session', async (c) => {
    const token = getCookie(c, CONSOLE_COOKIE);
    const session = token === undefined ? undefined : await store.findSession(token, options.adminKey);
    if (token !== undefined && session !== undefined) {
      if (!sameSecret(c.req.header(CSRF_HEADER) ?? '', session.csrfToken))
        return detail(403, `sign-out: needs the ${CSRF_HEADER} header; reload the console and try again`);
      await store.closeSession(token);
    }
    deleteCookie(c, CONSOLE_COOKIE, { path: '/', secure: isSecure(c) });
    return c.json({ message: 'signed out' }, 200, { 'Cache-Control': 'no-store' });
  });

  // The link `peermem console` prints: used once, then it signs nobody in.
  app.get('/sign-in', async (c) => {
    const token = c.req.query('token') ?? '';
    if (options.oneTimeSignIn === undefined || !options.oneTimeSignIn.consume(token))
      return c.redirect('/console?link=used', 303);
    await signIn(c, { id: 'configured' });
    return c.redirect('/console/workspaces', 303);
  });

  const shell = (c: Context) => {
    if (assets === undefined)
      return c.text('The console is not built here: run npm run build in the peermem folder.', 503);
    return c.html(assets.shell, 200, { 'Cache-Control': 'no-cache' });
  };
  app.get('/', shell);
  app.get('/*', shell);
  return app;
}

/** The host (with port) of an Origin header, or undefined for one that is not a URL (`null`). */
function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
