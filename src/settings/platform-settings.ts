import { DEFAULT_PLATFORM_RATE_LIMIT } from '../http/rate-limiter.js';
import type { Setting } from '../settings-shape.js';

/** The settings of the platform API that `serve` answers (the group shown under "Platform API (serve)" in `--help`). */
export const PLATFORM_SETTINGS = {
  'admin-key': {
    flag: true,
    value: 'KEY',
    env: 'PEERMEM_ADMIN_KEY',
    commands: ['serve'],
    group: 'Platform API (serve)',
    help: 'turns the platform API (/v3) on; the bearer key with full access, 16+ characters (prefer the variable: a flag shows in `ps`)',
  },
  PEERMEM_WEBHOOK_ALLOW_PRIVATE: {
    env: 'PEERMEM_WEBHOOK_ALLOW_PRIVATE',
    default: 'off',
    commands: ['serve', 'console'],
    group: 'Platform API (serve)',
    help: '`on` lets webhooks go to private, loopback and link-local addresses (a receiver on this machine or network)',
  },
  PEERMEM_OAUTH_LOOPBACK_CLIENTS: {
    env: 'PEERMEM_OAUTH_LOOPBACK_CLIENTS',
    default: 'off',
    commands: ['serve'],
    group: 'Platform API (serve)',
    help: '`on` accepts OAuth client ID metadata documents at http URLs on loopback (tests and development only; otherwise https on public addresses)',
  },
  'platform-rate-limit': {
    flag: true,
    value: 'N',
    env: 'PEERMEM_PLATFORM_RATE_LIMIT',
    default: String(DEFAULT_PLATFORM_RATE_LIMIT.requestsPerSecond),
    commands: ['serve'],
    group: 'Platform API (serve)',
    help: 'requests per second per API key (the admin key too), and per OAuth sign-in on `/mcp`; past it 429 with Retry-After; `0` turns it off',
  },
  'platform-rate-limit-burst': {
    flag: true,
    value: 'N',
    env: 'PEERMEM_PLATFORM_RATE_LIMIT_BURST',
    default: String(DEFAULT_PLATFORM_RATE_LIMIT.burst),
    commands: ['serve'],
    group: 'Platform API (serve)',
    help: 'how many requests one key may send at once after a quiet spell',
  },
  'usage-days': {
    flag: true,
    value: 'N',
    env: 'PEERMEM_USAGE_DAYS',
    default: '30',
    commands: ['serve', 'worker'],
    group: 'Platform API (serve)',
    help: 'days the per-minute usage (requests, latency, writes, learning) is kept; `0` records none (docs/operations.md)',
  },
  PEERMEM_METRICS: {
    env: 'PEERMEM_METRICS',
    default: 'admin',
    commands: ['serve'],
    group: 'Platform API (serve)',
    help: '`admin`: /metrics needs the admin key as its bearer; `open`: anyone reaching the port may scrape it',
  },
} as const satisfies Record<string, Setting>;
