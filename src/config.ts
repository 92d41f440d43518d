import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs, parseEnv } from 'node:util';
import envPaths from 'env-paths';
import { z } from 'zod';
import { LearningSettings } from './engine/learning/learning-settings.js';
import {
  DEFAULT_PLATFORM_RATE_LIMIT,
  DEFAULT_RATE_LIMITS,
  GatewayRateLimits,
  RateLimit,
} from './http/rate-limiter.js';
import { ImportFormat } from './import/chat-history.js';
import {
  BASE_MAINNET_USDC,
  HttpUrl,
  KNOWN_TEMPO_CHAINS,
  PaymentSettings,
  PrivateKey,
  TEMPO_MAINNET_CHAIN_ID,
  TempoChainId,
} from './payments/payment-settings.js';
import { Id } from './schemas/common.js';
import {
  describeSetting,
  findFlag,
  flagNames,
  parseArgsOptions,
  SETTINGS,
  type SettingName,
} from './settings.js';

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
      'keys',
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
    learning: LearningSettings,
    publicUrl: HttpUrl.optional().describe(
      'serve: the URL clients reach the gateway at (default: the address it binds).',
    ),
    payments: PaymentSettings.optional().describe('serve: how the gateway is paid.'),
    webhookAllowPrivate: z
      .boolean()
      .describe('serve: webhooks may go to private, loopback and link-local addresses too.'),
    adminKey: z
      .string()
      .min(16, 'must be at least 16 characters')
      .optional()
      .describe(
        'serve: the bearer key with full access to the platform API (/v3); the platform is off without one.',
      ),
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

/** A bad flag or variable: its message names it and says what is wrong. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The one place that reads the command line and the environment. Flags win over variables,
 * variables over defaults. Secrets (the token, the database URL) never appear in an error.
 */
export function loadConfig(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Config {
  let parsed: ReturnType<typeof parseFlags>;
  try {
    parsed = parseFlags(argv);
  } catch (error) {
    throw flagError(error as Error & { code?: string });
  }
  const { values, positionals } = parsed;
  if (typeof values['env-file'] === 'string') env = { ...readEnvFile(values['env-file']), ...env };
  const pick: Pick = (name) => {
    const setting = SETTINGS[name];
    const flag = 'flag' in setting ? values[name as keyof typeof values] : undefined;
    return flag ?? ('env' in setting ? env[setting.env] : undefined);
  };
  const command = values.help ? 'help' : values.version ? 'version' : (positionals[0] ?? 'mcp');
  const port = pick('port') ?? defaultOf('port');
  const workspaceFromDir = pick('workspace-from-dir');
  const remote = command === 'mcp' && Boolean(pick('upstream'));
  // Given on the command line to a command that works on the local memory, it would be ignored.
  if (
    values.upstream !== undefined &&
    !['mcp', 'call', 'wallet', 'help', 'version'].includes(String(command))
  ) {
    throw new ConfigError(
      `--upstream: peermem ${command} works on the local memory; only peermem mcp, call and wallet use an upstream gateway`,
    );
  }
  // With an API key the upstream is a platform, whose workspaces are named; without, a gateway.
  const apiKey = remote ? pick('api-key') || undefined : undefined;
  if (values['api-key'] !== undefined && !remote) {
    throw new ConfigError(
      "--api-key: only used by peermem mcp with --upstream, to call that upstream's platform API",
    );
  }
  if (remote && apiKey === undefined && (pick('workspace') !== undefined || workspaceFromDir !== undefined)) {
    throw new ConfigError(
      `${pick('workspace') !== undefined ? '--workspace (PEERMEM_WORKSPACE)' : '--workspace-from-dir (PEERMEM_WORKSPACE_FROM_DIR)'}: not used with --upstream: the upstream keeps one workspace per wallet, the wallet's own; remove it, or use another wallet for another memory`,
    );
  }
  const result = Config.safeParse({
    command,
    workspace:
      pick('workspace') ??
      (typeof workspaceFromDir === 'string' ? workspaceForDir(workspaceFromDir) : defaultOf('workspace')),
    dataDir: pick('data-dir') ?? envPaths('peermem', { suffix: '' }).data,
    databaseUrl: pick('database-url') || undefined,
    contextTokens: pick('context-tokens') ?? defaultOf('context-tokens'),
    http: onOff(pick, 'http'),
    remote,
    host: pick('host') ?? defaultOf('host'),
    port,
    args: positionals.slice(1),
    token: pick('token') || undefined,
    deriver: onOff(pick, 'deriver'),
    learning: learningSettings(pick),
    once: values.once === true,
    publicUrl: pick('public-url') || undefined,
    adminKey: (command === 'serve' && pick('admin-key')) || undefined,
    webhookAllowPrivate: command === 'serve' && onOff(pick, 'PEERMEM_WEBHOOK_ALLOW_PRIVATE'),
    // With an admin key alone, serve is the platform API without the gateway.
    payments:
      command === 'serve' && (pick('pay-to') !== undefined || !pick('admin-key'))
        ? paymentSettings(pick)
        : undefined,
    rateLimits:
      command === 'serve'
        ? {
            wallet: {
              requestsPerSecond: pick('rate-limit') || DEFAULT_RATE_LIMITS.wallet.requestsPerSecond,
              burst: pick('rate-limit-burst') || DEFAULT_RATE_LIMITS.wallet.burst,
            },
            ip: {
              requestsPerSecond: pick('ip-rate-limit') || DEFAULT_RATE_LIMITS.ip.requestsPerSecond,
              burst: pick('ip-rate-limit-burst') || DEFAULT_RATE_LIMITS.ip.burst,
            },
          }
        : undefined,
    platformRateLimit:
      command === 'serve'
        ? {
            requestsPerSecond: pick('platform-rate-limit') || DEFAULT_PLATFORM_RATE_LIMIT.requestsPerSecond,
            burst: pick('platform-rate-limit-burst') || DEFAULT_PLATFORM_RATE_LIMIT.burst,
          }
        : undefined,
    keys:
      command === 'keys'
        ? {
            peer: pick('peer'),
            session: pick('session'),
            organization: pick('org'),
            member: pick('member'),
            name: pick('name'),
            expiresAt: pick('expires-at'),
          }
        : undefined,
    // From the environment only, as the other keys: a flag would show in `ps`.
    signInSecret: (command === 'serve' && pick('PEERMEM_SIGN_IN_SECRET')) || undefined,
    platformUpstream: apiKey === undefined ? undefined : { upstream: pick('upstream'), apiKey },
    wallet:
      command === 'call' || command === 'wallet' || (remote && apiKey === undefined)
        ? {
            privateKey: pick('PEERMEM_PRIVATE_KEY') || undefined,
            upstream: pick('upstream') || `http://127.0.0.1:${port}`,
            dir: pick('wallet-dir') ?? envPaths('peermem', { suffix: '' }).config,
            keychain: !['off', 'false', '0', 'no'].includes(
              String(pick('PEERMEM_KEYCHAIN') ?? defaultOf('PEERMEM_KEYCHAIN')).toLowerCase(),
            ),
            rpcUrl: pick('rpc-url') || undefined,
            maxPerCall: pick('max-per-call') ?? defaultOf('max-per-call'),
            dailyBudget: pick('daily-budget') ?? defaultOf('daily-budget'),
            ...(pick('x402-network') && pick('x402-asset')
              ? { allowedAsset: { network: pick('x402-network'), asset: pick('x402-asset') } }
              : {}),
            payWith: pick('pay-with') ?? defaultOf('pay-with'),
            tempo: {
              chainId: pick('mpp-chain-id') ?? TEMPO_MAINNET_CHAIN_ID,
              rpcUrl: pick('mpp-rpc-url') ?? knownTempoChain(pick)?.rpcUrl,
              currency: pick('mpp-currency'),
            },
          }
        : undefined,
    import:
      command === 'import'
        ? {
            file: positionals[1],
            format: pick('format') ?? defaultOf('format'),
            session: pick('session'),
            userPeer: pick('user-peer'),
            assistantPeer: pick('assistant-peer'),
          }
        : undefined,
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = String(issue?.path[0] ?? 'arguments');
    if (field === 'command') throw new ConfigError(`unknown command "${command}": run peermem --help`);
    if (
      field === 'payments' ||
      field === 'wallet' ||
      field === 'rateLimits' ||
      field === 'platformRateLimit' ||
      field === 'keys' ||
      field === 'platformUpstream' ||
      field === 'import'
    ) {
      const path = (issue?.path ?? []).map(String).join('.');
      const missing = issue?.code === 'invalid_type' && issue.message.includes('undefined');
      throw new ConfigError(`${sourceOf(path)}: ${missing ? 'is required' : reason(issue)}`);
    }
    if (field === 'learning') {
      const path = (issue?.path ?? []).map(String).join('.');
      const missing = issue?.code === 'invalid_type' && issue.message.includes('undefined');
      const why = missing ? 'is required for this reasoner or embedder' : reason(issue);
      throw new ConfigError(`${sourceOf(path)}: ${why}`);
    }
    const source = FIELD_SOURCES[field];
    throw new ConfigError(`${source === undefined ? field : describeSetting(source)}: ${reason(issue)}`);
  }
  return result.data;
}

/** KEY=value lines (as `peermem devnet` prints them); variables already set win over the file. */
function readEnvFile(path: string): NodeJS.ProcessEnv {
  try {
    return parseEnv(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(
      `--env-file: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`,
    );
  }
}

function parseFlags(argv: readonly string[]) {
  return parseArgs({ args: [...argv], options: parseArgsOptions(), allowPositionals: true, strict: true });
}

/** A setting's value from its flag, else from its variable; its default is left to the caller. */
type Pick = (name: SettingName) => string | boolean | undefined;

/** The literal default the settings table gives a setting. */
function defaultOf(name: SettingName): string | undefined {
  const setting = SETTINGS[name];
  return 'default' in setting ? setting.default : undefined;
}

/**
 * Node's parser's complaint as one line naming the flag, its variable and what it takes. Its own
 * wording suggests a quoted positional with an unbalanced quote.
 */
function flagError(error: Error & { code?: string }): ConfigError {
  const flag = /'(-{1,2}[^'\s=]+)/.exec(error.message)?.[1] ?? '';
  const name = flag.replace(/^-+/, '');
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const near = nearestFlag(name);
    return new ConfigError(
      `${flag}: unknown flag${near ? ` (did you mean ${describeSetting(near)}?)` : ''}; run peermem --help for the flags`,
    );
  }
  const known = findFlag(name);
  const setting = known ? describeSetting(known) : flag;
  if (error.message.includes('does not take an argument'))
    return new ConfigError(`${setting}: is a switch and takes no value; leave the value out`);
  if (error.message.includes('ambiguous'))
    return new ConfigError(`${setting}: needs a value; write a value that starts with "-" as ${flag}=VALUE`);
  if (error.message.includes('argument missing')) return new ConfigError(`${setting}: needs a value`);
  return new ConfigError(`${setting || 'arguments'}: ${error.message.split('\n')[0]}`);
}

/** The known flag one or two edits away from a mistyped one, if there is one. */
function nearestFlag(name: string): SettingName | undefined {
  let best: { flag: SettingName; distance: number } | undefined;
  for (const flag of flagNames()) {
    const distance = editDistance(name, flag);
    if (distance <= 2 && (!best || distance < best.distance)) best = { flag, distance };
  }
  return best?.flag;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, substitution));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

const ON = ['on', 'true', '1', 'yes'];
const OFF = ['off', 'false', '0', 'no'];

/** A switch from its flag or variable: on or off in any of the usual spellings, and nothing else. */
function onOff(pick: Pick, name: 'http' | 'deriver' | 'PEERMEM_WEBHOOK_ALLOW_PRIVATE'): boolean {
  const value = pick(name);
  if (value === undefined || value === '') return defaultOf(name) === 'on';
  if (value === true) return true;
  const word = String(value).toLowerCase();
  if (ON.includes(word)) return true;
  if (OFF.includes(word)) return false;
  throw new ConfigError(
    `${describeSetting(name)}: must be on or off (or true/false, yes/no, 1/0), not "${value}"`,
  );
}

/**
 * An issue's reason in the words of the settings: zod's own wording ("expected number, received
 * NaN") becomes what is accepted; a message a schema gives is kept.
 */
function reason(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'is invalid';
  if (!/^(Invalid input|Too small|Too big)/.test(issue.message)) return issue.message;
  if (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int'))
    return issue.expected === 'int' ? 'must be a whole number' : 'must be a number';
  if (issue.code === 'too_small' && issue.origin === 'number')
    return `must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}`;
  if (issue.code === 'too_big' && issue.origin === 'number')
    return `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
  return issue.message;
}

/**
 * The gateway's payment settings: Base mainnet USDC unless told otherwise, and a facilitator by
 * URL or the built-in one. Keys come from the environment only: a flag would show in `ps`.
 */
function paymentSettings(pick: Pick) {
  const facilitatorKey = pick('PEERMEM_FACILITATOR_PRIVATE_KEY') || undefined;
  return {
    payTo: pick('pay-to'),
    x402: {
      network: pick('x402-network') ?? BASE_MAINNET_USDC.network,
      asset: pick('x402-asset') ?? BASE_MAINNET_USDC.asset,
      assetName: pick('x402-asset-name') ?? BASE_MAINNET_USDC.assetName,
      assetVersion: pick('x402-asset-version') ?? BASE_MAINNET_USDC.assetVersion,
      maxTimeoutSeconds: 300,
    },
    facilitator:
      facilitatorKey === undefined
        ? { kind: 'remote', url: pick('facilitator-url') }
        : { kind: 'built-in', privateKey: facilitatorKey, rpcUrl: pick('rpc-url') },
    mpp: mppSettings(pick),
  };
}

/** The Tempo chain `--mpp-chain-id` names, when peermem knows its token and node. */
function knownTempoChain(pick: Pick) {
  return KNOWN_TEMPO_CHAINS[Number(pick('mpp-chain-id') ?? TEMPO_MAINNET_CHAIN_ID)];
}

/**
 * MPP on Tempo mainnet USDC unless told otherwise, or off. Without PEERMEM_MPP_SECRET_KEY each
 * process binds challenges with a random key of its own: a challenge is then paid at the process
 * that issued it, and outstanding ones lapse on restart. Servers behind one load balancer share
 * the key.
 */
function mppSettings(pick: Pick) {
  const mpp = String(pick('mpp') ?? defaultOf('mpp')).toLowerCase();
  if (['off', 'false', '0', 'no'].includes(mpp)) return undefined;
  if (!['on', 'true', '1', 'yes'].includes(mpp))
    throw new ConfigError(`${describeSetting('mpp')}: must be on or off`);
  const feePayerKey = pick('PEERMEM_MPP_FEE_PAYER_PRIVATE_KEY') || undefined;
  const known = knownTempoChain(pick);
  return {
    chainId: pick('mpp-chain-id') ?? TEMPO_MAINNET_CHAIN_ID,
    currency: pick('mpp-currency') ?? known?.currency,
    decimals: 6,
    rpcUrl: pick('mpp-rpc-url') ?? known?.rpcUrl,
    secretKey: pick('PEERMEM_MPP_SECRET_KEY') || randomBytes(32).toString('hex'),
    ...(feePayerKey === undefined ? {} : { feePayerKey }),
  };
}

const DEFAULT_BASE_URLS = {
  openai: 'https://api.openai.com',
  anthropic: 'https://api.anthropic.com',
} as const;

/**
 * The reasoner and the embedder: offline unless a provider is named. API keys come from the
 * environment only (PEERMEM_LLM_API_KEY, PEERMEM_EMBEDDINGS_API_KEY): a flag would show in `ps`.
 */
function learningSettings(pick: Pick) {
  const reasoner = String(pick('reasoner') ?? defaultOf('reasoner'));
  const embeddings = String(pick('embeddings') ?? defaultOf('embeddings'));
  const endpoint = (baseUrl: unknown, apiKey: unknown) => ({
    baseUrl,
    ...(apiKey ? { apiKey } : {}),
    timeoutMs: Number(pick('PEERMEM_LLM_TIMEOUT_MS') ?? defaultOf('PEERMEM_LLM_TIMEOUT_MS')),
    maxRetries: 2,
  });
  const llmKey = pick('PEERMEM_LLM_API_KEY') || undefined;
  return {
    reasoner: !(reasoner in DEFAULT_BASE_URLS)
      ? { kind: reasoner }
      : {
          kind: 'llm',
          llm: {
            provider: reasoner,
            model: pick('llm-model'),
            ...endpoint(
              pick('llm-base-url') ?? DEFAULT_BASE_URLS[reasoner as keyof typeof DEFAULT_BASE_URLS],
              llmKey,
            ),
          },
        },
    embeddings:
      embeddings !== 'openai'
        ? { kind: embeddings }
        : {
            kind: embeddings,
            endpoint: {
              model: pick('embeddings-model'),
              batchSize: 256,
              ...endpoint(
                pick('embeddings-base-url') ?? defaultOf('embeddings-base-url'),
                pick('PEERMEM_EMBEDDINGS_API_KEY') || llmKey,
              ),
            },
          },
    summaryEvery: Number(pick('summary-every') ?? defaultOf('summary-every')),
  };
}

/** The setting a top-level field of the config comes from, for error messages. */
const FIELD_SOURCES: Record<string, SettingName> = {
  workspace: 'workspace',
  dataDir: 'data-dir',
  databaseUrl: 'database-url',
  contextTokens: 'context-tokens',
  http: 'http',
  host: 'host',
  port: 'port',
  token: 'token',
  deriver: 'deriver',
  learning: 'reasoner',
  publicUrl: 'public-url',
  adminKey: 'admin-key',
  signInSecret: 'PEERMEM_SIGN_IN_SECRET',
};

/** The setting a nested payment, wallet or import field comes from, for error messages. */
const NESTED_SOURCES: Record<string, SettingName> = {
  'payments.payTo': 'pay-to',
  'payments.x402.network': 'x402-network',
  'payments.x402.asset': 'x402-asset',
  'payments.x402.assetName': 'x402-asset-name',
  'payments.x402.assetVersion': 'x402-asset-version',
  'payments.facilitator.privateKey': 'PEERMEM_FACILITATOR_PRIVATE_KEY',
  'payments.facilitator.rpcUrl': 'rpc-url',
  'payments.mpp.chainId': 'mpp-chain-id',
  'payments.mpp.currency': 'mpp-currency',
  'payments.mpp.rpcUrl': 'mpp-rpc-url',
  'payments.mpp.secretKey': 'PEERMEM_MPP_SECRET_KEY',
  'payments.mpp.feePayerKey': 'PEERMEM_MPP_FEE_PAYER_PRIVATE_KEY',
  'rateLimits.wallet.requestsPerSecond': 'rate-limit',
  'rateLimits.wallet.burst': 'rate-limit-burst',
  'rateLimits.ip.requestsPerSecond': 'ip-rate-limit',
  'rateLimits.ip.burst': 'ip-rate-limit-burst',
  'platformRateLimit.requestsPerSecond': 'platform-rate-limit',
  'platformRateLimit.burst': 'platform-rate-limit-burst',
  'keys.peer': 'peer',
  'keys.session': 'session',
  'keys.organization': 'org',
  'keys.member': 'member',
  'keys.name': 'name',
  'keys.expiresAt': 'expires-at',
  'wallet.privateKey': 'PEERMEM_PRIVATE_KEY',
  'wallet.payWith': 'pay-with',
  'wallet.tempo.chainId': 'mpp-chain-id',
  'wallet.tempo.rpcUrl': 'mpp-rpc-url',
  'wallet.upstream': 'upstream',
  'platformUpstream.upstream': 'upstream',
  'platformUpstream.apiKey': 'api-key',
  'wallet.dir': 'wallet-dir',
  'wallet.rpcUrl': 'rpc-url',
  'wallet.maxPerCall': 'max-per-call',
  'wallet.dailyBudget': 'daily-budget',
  'import.format': 'format',
  'import.session': 'session',
  'import.userPeer': 'user-peer',
  'import.assistantPeer': 'assistant-peer',
  'learning.reasoner.kind': 'reasoner',
  'learning.reasoner.llm.provider': 'reasoner',
  'learning.reasoner.llm.model': 'llm-model',
  'learning.reasoner.llm.baseUrl': 'llm-base-url',
  'learning.reasoner.llm.apiKey': 'PEERMEM_LLM_API_KEY',
  'learning.reasoner.llm.timeoutMs': 'PEERMEM_LLM_TIMEOUT_MS',
  'learning.embeddings.kind': 'embeddings',
  'learning.embeddings.endpoint.model': 'embeddings-model',
  'learning.embeddings.endpoint.baseUrl': 'embeddings-base-url',
  'learning.embeddings.endpoint.apiKey': 'PEERMEM_EMBEDDINGS_API_KEY',
  'learning.embeddings.endpoint.timeoutMs': 'PEERMEM_LLM_TIMEOUT_MS',
  'learning.summaryEvery': 'summary-every',
};

/** Where a nested field comes from, in the words of an error message. */
function sourceOf(path: string): string {
  if (path === 'payments.facilitator.url')
    return `${describeSetting('facilitator-url')}, or ${describeSetting('PEERMEM_FACILITATOR_PRIVATE_KEY')} for the built-in facilitator`;
  if (path === 'import.file') return 'FILE (peermem import FILE)';
  const setting = NESTED_SOURCES[path];
  return setting === undefined ? path.replace(/^learning\./, '') : describeSetting(setting);
}

/**
 * One workspace per project folder: the folder's name for readability, plus a hash of its
 * real path so that two projects with the same name never share a memory.
 */
export function workspaceForDir(dir: string): string {
  const path = resolve(dir);
  let real = path;
  try {
    real = realpathSync(path);
  } catch {
    // A folder that does not exist yet still names a stable workspace.
  }
  const hash = createHash('sha256').update(real).digest('hex').slice(0, 10);
  return `${basename(real) || 'root'}-${hash}`;
}
