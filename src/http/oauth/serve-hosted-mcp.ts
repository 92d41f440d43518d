import { Hono } from 'hono';
import type { KeyStore } from '../../engine/platform/keys-store.js';
import type { OAuthStore } from '../../engine/platform/oauth-store.js';
import type { UsageRecorder } from '../../engine/usage/usage-recorder.js';
import type { GatewayBackend } from '../../service/gateway-backend.js';
import type { RateLimit } from '../rate-limiter.js';
import { recordUsage } from '../usage/record-usage.js';
import { createHostedMcpApp } from './hosted-mcp-app.js';
import { createOAuthApp, type OAuthAppOptions } from './oauth-app.js';
import { oauthUrls } from './oauth-urls.js';

/** `loopbackClients` is PEERMEM_OAUTH_LOOPBACK_CLIENTS; the rest are the defaults unless a test sets them. */
export type HostedMcpSettings = Pick<OAuthAppOptions, 'loopbackClients' | 'registrationLimits'> & {
  oauth: OAuthStore;
  /** An access token's life; an hour unless given (a test shortens it). */
  accessTokenSeconds?: number | undefined;
};

const HOUR = 3600;
const REFRESH_DAYS = 30;

/**
 * `/mcp` and its authorization server, under the public URL (the OAuth issuer, and the resource
 * tokens are bound to, are named by it): what `serve` answers at `/mcp`, `/.well-known/oauth-*`
 * and `/oauth/*` when the platform API is on.
 */
export function serveHostedMcp(
  settings: HostedMcpSettings & {
    backend: GatewayBackend;
    adminKey: string;
    keys: KeyStore | undefined;
    publicUrl: URL;
    /** Per key or grant on `/mcp`: the platform API's limit. */
    rateLimit?: RateLimit | undefined;
    /** Per client address on registration, authorize and token: the gateway's IP limit. */
    addressLimit?: RateLimit | undefined;
    usage?: UsageRecorder | undefined;
  },
): { app: Hono; answers(path: string): boolean; close(): Promise<void> } {
  const urls = oauthUrls(settings.publicUrl);
  const mcp = createHostedMcpApp({
    backend: settings.backend,
    adminKey: settings.adminKey,
    keys: settings.keys,
    oauth: settings.oauth,
    urls,
    rateLimit: settings.rateLimit,
  });
  const app = new Hono();
  // Counted with the platform API's requests (GET /v3/usage), `/mcp` by its bearer's key or grant.
  if (settings.usage !== undefined) app.use('*', recordUsage(settings.usage));
  app.route('/', mcp.app);
  app.route(
    '/',
    createOAuthApp({
      store: settings.oauth,
      keys: settings.keys,
      adminKey: settings.adminKey,
      urls,
      loopbackClients: settings.loopbackClients,
      accessTokenSeconds: settings.accessTokenSeconds ?? HOUR,
      refreshTokenSeconds: REFRESH_DAYS * 24 * HOUR,
      addressLimit: settings.addressLimit,
      registrationLimits: settings.registrationLimits,
    }),
  );
  return {
    app,
    answers: (path) =>
      path === '/mcp' || path.startsWith('/.well-known/oauth-') || path.startsWith('/oauth/'),
    close: () => mcp.close(),
  };
}
