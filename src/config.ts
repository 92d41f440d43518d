import envPaths from 'env-paths';
import { issueError } from './config/config-issue.js';
import { Config } from './config/config-schema.js';
import { importSettings, keysSettings } from './config/data-commands-config.js';
import { learningSettings } from './config/learning-config.js';
import { defaultOf, flagError, onOff, type Pick, parseFlags, readEnvFile } from './config/parse-flags.js';
import { remoteMode, walletSettings } from './config/remote-config.js';
import { paymentSettings, platformRateLimitSettings, rateLimitSettings } from './config/serve-config.js';
import { fromSettings, SettingValue, takeOffMarks } from './config/setting-value.js';
import { realFolder, workspaceForDir } from './config/workspace-folder.js';
import { SETTINGS } from './settings.js';

// The config's API: the schema and its type, its error, and the one function that reads it.
export { ConfigError } from './config/config-error.js';
export { Config, isLoopbackHost } from './config/config-schema.js';
export { workspaceForDir } from './config/workspace-folder.js';

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
  const from = fromSettings(pick);
  const command = values.help ? 'help' : values.version ? 'version' : (positionals[0] ?? 'mcp');
  const port = pick('port') ?? defaultOf('port');
  const workspaceFromDir = pick('workspace-from-dir');
  const { remote, apiKey } = remoteMode(command, values, pick, workspaceFromDir);
  const { input, sources } = takeOffMarks({
    command,
    workspace: from(
      'workspace',
      (name) =>
        name ??
        (typeof workspaceFromDir === 'string' ? workspaceForDir(workspaceFromDir) : defaultOf('workspace')),
    ),
    dataDir: from('data-dir', (dir) => dir ?? envPaths('peermem', { suffix: '' }).data),
    databaseUrl: from('database-url', (url) => url || undefined),
    contextTokens: from('context-tokens', (tokens) => tokens ?? defaultOf('context-tokens')),
    http: from('http', (http) => onOff('http', http)),
    tools: pick('tools') ?? defaultOf('tools'),
    remote,
    host: from('host', (host) => host ?? defaultOf('host')),
    port: new SettingValue('port', port),
    args: positionals.slice(1),
    token: from('token', (token) => token || undefined),
    deriver: from('deriver', (deriver) => onOff('deriver', deriver)),
    learning: learningSettings(pick, from),
    once: values.once === true,
    out: from('out'),
    all: values.all === true,
    yes: values.yes === true,
    workspaceFolder:
      pick('workspace') === undefined && typeof workspaceFromDir === 'string'
        ? realFolder(workspaceFromDir)
        : undefined,
    open: values.open === true,
    publicUrl: from('public-url', (url) => url || undefined),
    adminKey: from('admin-key', (key) => (command === 'serve' && key) || undefined),
    webhookAllowPrivate:
      (command === 'serve' || command === 'console') &&
      onOff('PEERMEM_WEBHOOK_ALLOW_PRIVATE', pick('PEERMEM_WEBHOOK_ALLOW_PRIVATE')),
    oauthLoopbackClients:
      command === 'serve' && onOff('PEERMEM_OAUTH_LOOPBACK_CLIENTS', pick('PEERMEM_OAUTH_LOOPBACK_CLIENTS')),
    usageDays: from('usage-days', (days) => days ?? defaultOf('usage-days')),
    metricsAccess: from('PEERMEM_METRICS', (access) =>
      String(access || defaultOf('PEERMEM_METRICS')).toLowerCase(),
    ),
    // With an admin key alone, serve is the platform API without the gateway.
    payments:
      command === 'serve' && (pick('pay-to') !== undefined || !pick('admin-key'))
        ? paymentSettings(pick, from)
        : undefined,
    rateLimits: command === 'serve' ? rateLimitSettings(from) : undefined,
    platformRateLimit: command === 'serve' ? platformRateLimitSettings(from) : undefined,
    keys: command === 'keys' ? keysSettings(from) : undefined,
    // From the environment only, as the other keys: a flag would show in `ps`.
    signInSecret: from('PEERMEM_SIGN_IN_SECRET', (secret) => (command === 'serve' && secret) || undefined),
    platformUpstream:
      apiKey === undefined
        ? undefined
        : { upstream: from('upstream'), apiKey: from('api-key', () => apiKey) },
    wallet:
      command === 'call' || command === 'wallet' || (remote && apiKey === undefined)
        ? walletSettings(pick, from, port)
        : undefined,
    import: command === 'import' ? importSettings(from, positionals[1]) : undefined,
  });
  const result = Config.safeParse(input);
  if (!result.success) throw issueError(result.error.issues[0], command, sources);
  return result.data;
}
