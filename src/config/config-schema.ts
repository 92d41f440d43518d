import { z } from 'zod';
import { LearningSettings } from '../engine/learning/learning-settings.js';
import { GatewayRateLimits, RateLimit } from '../http/rate-limiter.js';
import { ImportFormat } from '../import/chat-history.js';
import { HttpUrl, PaymentSettings, PrivateKey, TempoChainId } from '../payments/payment-settings.js';
import { Id } from '../schemas/common.js';

const PORT_NUMBER = 'must be a whole number from 0 to 65535';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/** Whether an address is this machine only: the HTTP server then guards Host and Origin. */
export const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host);

export const Config = z
  .object({
    command: z.enum([
      'mcp',
      'worker',
      'status',
      'serve',
      'devnet',
      'call',
      'wallet',
      'import',
      'export',
      'workspaces',
      'keys',
      'peers',
      'console',
      'help',
      'version',
    ]),
    /** `call`: the endpoint path and JSON body given after the command; `wallet`: its action. */
    args: z.array(z.string()),
    workspace: z
      .string()
      .min(1, 'must not be empty')
      .max(200, 'must be at most 200 characters')
      .describe('The workspace (one private memory) every call uses.'),
    dataDir: z.string().min(1, 'must not be empty').describe('Where the embedded database keeps its files.'),
    databaseUrl: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional()
      .describe('A Postgres server to use instead of the embedded database.'),
    contextTokens: z.coerce
      .number({ error: 'must be a whole number greater than 0' })
      .int('must be a whole number greater than 0')
      .positive('must be a whole number greater than 0')
      .describe('Token budget of get_context when the caller gives none.'),
    http: z.boolean().describe('Serve MCP over Streamable HTTP instead of stdio.'),
    tools: z.string().describe('mcp: the tools listed: core, all, or tool names separated by commas.'),
    remote: z
      .boolean()
      .describe(
        'mcp: serve the memory the upstream gateway (--upstream) keeps for the wallet, not a local one.',
      ),
    host: z.string().min(1).describe('Address the HTTP server binds.'),
    port: z.coerce
      .number({ error: PORT_NUMBER })
      .int(PORT_NUMBER)
      .min(0, PORT_NUMBER)
      .max(65_535, PORT_NUMBER),
    token: z.string().min(16, 'must be at least 16 characters').optional().describe('Bearer token for HTTP.'),
    deriver: z.boolean().describe('Learn from new messages in this process.'),
    once: z.boolean().describe('worker: process what is queued, then exit.'),
    open: z.boolean().describe("console: open the sign-in link in the user's browser."),
    yes: z.boolean().describe('peers delete, workspaces delete: delete without asking.'),
    learning: LearningSettings,
    publicUrl: HttpUrl.optional().describe(
      'serve: the URL clients reach the gateway at (default: the address it binds).',
    ),
    payments: PaymentSettings.optional().describe('serve: how the gateway is paid.'),
    webhookAllowPrivate: z
      .boolean()
      .describe('serve: webhooks may go to private, loopback and link-local addresses too.'),
    oauthLoopbackClients: z
      .boolean()
      .describe(
        'serve: OAuth client ID metadata documents may be http URLs on loopback (tests, development).',
      ),
    adminKey: z
      .string()
      .min(16, 'must be at least 16 characters')
      .optional()
      .describe(
        'serve: the bearer key with full access to the platform API (/v3); the platform is off without one.',
      ),
    usageDays: z.coerce
      .number({ error: 'must be a whole number of days, 0 or more' })
      .int('must be a whole number of days, 0 or more')
      .min(0, 'must be a whole number of days, 0 or more')
      .max(3650, 'must be at most 3650 days')
      .describe('serve, worker: days usage is kept; 0 records none.'),
    metricsAccess: z
      .enum(['admin', 'open'], { error: 'must be admin or open' })
      .describe('serve: who may read /metrics.'),
    platformRateLimit: RateLimit.optional().describe(
      'serve: requests per second and burst per platform API key.',
    ),
    keys: z
      .object({
        peer: Id.optional(),
        session: Id.optional(),
        organization: Id.optional(),
        member: z.string().min(1, 'must not be empty').max(320, 'must be at most 320 characters').optional(),
        name: z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
        expiresAt: z.string().optional(),
      })
      .optional()
      .describe('keys: the scope, label and expiry of a key to create.'),
    rateLimits: GatewayRateLimits.optional().describe(
      'serve: requests per second and burst per wallet, and per client IP before sign-in or payment.',
    ),
    signInSecret: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .describe(
        'serve: makes the nonces of sign-in challenges; gateways behind one public URL share it (random per process when unset).',
      ),
    wallet: z
      .object({
        /** From PEERMEM_PRIVATE_KEY; when absent, the key kept by `peermem wallet` is used. */
        privateKey: PrivateKey.optional(),
        upstream: HttpUrl,
        /** Where the key file and the spending ledger are kept. */
        dir: z.string().min(1, 'must not be empty'),
        /** Whether the OS keychain is used (PEERMEM_KEYCHAIN=off keeps the key in the file only). */
        keychain: z.boolean(),
        /** The node `wallet balance` reads the asset on. */
        rpcUrl: HttpUrl.optional(),
        /** The most one paid call may cost, and all paid calls of a day (UTC), in micro-USD. */
        maxPerCall: usdAmount(),
        dailyBudget: usdAmount(),
        /** A token beyond the ones x402 knows that the wallet may pay in (a devnet's USDC). */
        allowedAsset: z.object({ network: z.string(), asset: z.string() }).optional(),
        payWith: z.enum(['x402', 'mpp'], { error: 'must be x402 or mpp' }),
        /** The Tempo node MPP payments are prepared with, and a token beyond Tempo's stablecoins to pay in. */
        tempo: z.object({ chainId: TempoChainId, rpcUrl: HttpUrl, currency: z.string().optional() }),
      })
      .optional()
      .describe('call, wallet, mcp --upstream: the wallet that signs in and pays, and the gateway it calls.'),
    platformUpstream: z
      .object({ upstream: HttpUrl, apiKey: z.string().min(1, 'must not be empty') })
      .optional()
      .describe(
        'mcp --upstream --api-key: the platform API (/v3) whose workspace is served, and its bearer key.',
      ),
    out: z
      .string()
      .min(1, 'must not be empty')
      .optional()
      .describe('export: the file written (stdout when absent).'),
    all: z.boolean().describe('export: every workspace of the database.'),
    workspaceFolder: z
      .string()
      .optional()
      .describe('The real path of the folder --workspace-from-dir named the workspace after.'),
    import: z
      .object({
        file: z.string().min(1, 'must not be empty'),
        format: ImportFormat,
        session: Id.optional(),
        userPeer: Id.optional(),
        assistantPeer: Id.optional(),
      })
      .optional()
      .describe('import: the chat history file, its format, and the session and peers it is written to.'),
  })
  .refine((config) => !config.http || config.token !== undefined || isLoopbackHost(config.host), {
    path: ['token'],
    message:
      'serving beyond this machine needs a bearer token: set PEERMEM_MCP_TOKEN (or --token), or bind --host 127.0.0.1',
  })
  // Its admin key is made for the run and never shown: only this machine's browser may reach it.
  .refine((config) => config.command !== 'console' || isLoopbackHost(config.host), {
    path: ['host'],
    message:
      'peermem console serves this machine only: use 127.0.0.1, localhost or ::1 (peermem serve with an admin key serves a network)',
  });
export type Config = z.infer<typeof Config>;

/** An amount in US dollars (up to six decimals), read as micro-USD: USDC base units. */
function usdAmount() {
  return z
    .string()
    .regex(/^\d{1,9}(\.\d{1,6})?$/, 'must be an amount in US dollars, such as 0.05')
    .transform((usd) => {
      const [whole = '0', fraction = ''] = usd.split('.');
      return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
    });
}
