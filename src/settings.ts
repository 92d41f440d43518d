import { DEFAULT_PLATFORM_RATE_LIMIT, DEFAULT_RATE_LIMITS } from './http/rate-limiter.js';
import { BASE_MAINNET_USDC, TEMPO_MAINNET_CHAIN_ID } from './payments/payment-settings.js';

/** The heading a setting is listed under in `peermem --help`, in this order. */
const GROUPS = [
  'Memory',
  'Learning',
  'HTTP',
  'Platform API (serve)',
  'Gateway (serve)',
  'Remote mode (mcp --upstream, call, wallet)',
  'Commands',
] as const;

/**
 * One setting: a flag, an environment variable, or both. `value` names what a flag takes (a
 * flag without one is a switch); `default` is the literal value used when neither is given, and
 * `defaultText` says what it is when it is worked out at start-up. `commands` are the commands
 * that read it (`remote` is `peermem mcp --upstream`); none means every command that opens the
 * memory. `help` is one line, without the variable or the default: those are added from here.
 */
type Setting = {
  readonly flag?: boolean;
  readonly short?: string;
  readonly value?: string;
  readonly env?: string;
  readonly default?: string;
  readonly defaultText?: string;
  readonly commands: readonly string[];
  readonly group: (typeof GROUPS)[number];
  readonly help: string;
};

/**
 * Every setting, keyed by its flag (without `--`) or, for one read from the environment only, by
 * its variable. The parser, the error messages, `peermem --help` and docs/configuration.md are
 * made from this table; the rest of the config code names settings by these keys.
 */
export const SETTINGS = {
  workspace: {
    flag: true,
    value: 'NAME',
    env: 'PEERMEM_WORKSPACE',
    default: 'default',
    commands: [],
    group: 'Memory',
    help: 'the memory every call uses',
  },
  'workspace-from-dir': {
    flag: true,
    value: 'DIR',
    env: 'PEERMEM_WORKSPACE_FROM_DIR',
    commands: [],
    group: 'Memory',
    help: 'one workspace per project folder, named after DIR ("." is the current folder)',
  },
  'data-dir': {
    flag: true,
    value: 'DIR',
    env: 'PEERMEM_DATA_DIR',
    defaultText:
      'user data folder (`$XDG_DATA_HOME/peermem`, `~/Library/Application Support/peermem`, `%LOCALAPPDATA%\\peermem\\Data`)',
    commands: [],
    group: 'Memory',
    help: 'where the embedded database lives',
  },
  'database-url': {
    flag: true,
    value: 'URL',
    env: 'DATABASE_URL',
    commands: [],
    group: 'Memory',
    help: 'a Postgres server instead of PGlite',
  },
  'context-tokens': {
    flag: true,
    value: 'N',
    env: 'PEERMEM_CONTEXT_TOKENS',
    default: '8192',
    commands: [],
    group: 'Memory',
    help: '`get_context` budget when none is given',
  },
  deriver: {
    flag: true,
    value: 'on|off',
    env: 'PEERMEM_DERIVER',
    default: 'on',
    commands: [],
    group: 'Learning',
    help: 'learn in this process (off: only queue, for a separate `peermem worker`)',
  },
  'summary-every': {
    flag: true,
    value: 'N',
    env: 'PEERMEM_SUMMARY_EVERY',
    default: '20',
    commands: [],
    group: 'Learning',
    help: 'summarise a session every N messages',
  },
  reasoner: {
    flag: true,
    value: 'offline|openai|anthropic',
    env: 'PEERMEM_REASONER',
    default: 'offline',
    commands: [],
    group: 'Learning',
    help: 'what learns and answers (offline: no model)',
  },
  'llm-model': {
    flag: true,
    value: 'NAME',
    env: 'PEERMEM_LLM_MODEL',
    commands: [],
    group: 'Learning',
    help: 'the model, required with a model reasoner',
  },
  'llm-base-url': {
    flag: true,
    value: 'URL',
    env: 'PEERMEM_LLM_BASE_URL',
    defaultText: "the provider's",
    commands: [],
    group: 'Learning',
    help: 'root URL of the provider (a trailing `/v1` is fine), e.g. http://127.0.0.1:11434 for Ollama',
  },
  PEERMEM_LLM_API_KEY: {
    env: 'PEERMEM_LLM_API_KEY',
    commands: [],
    group: 'Learning',
    help: 'the provider key (environment only: a flag would show in `ps`)',
  },
  PEERMEM_LLM_TIMEOUT_MS: {
    env: 'PEERMEM_LLM_TIMEOUT_MS',
    default: '60000',
    commands: [],
    group: 'Learning',
    help: 'per-attempt timeout of model and embedding calls',
  },
  embeddings: {
    flag: true,
    value: 'offline|openai',
    env: 'PEERMEM_EMBEDDINGS',
    default: 'offline',
    commands: [],
    group: 'Learning',
    help: 'semantic search vectors (offline: word vectors shipped with peermem)',
  },
  'embeddings-model': {
    flag: true,
    value: 'NAME',
    env: 'PEERMEM_EMBEDDINGS_MODEL',
    commands: [],
    group: 'Learning',
    help: 'the embedding model, required with `--embeddings openai`',
  },
  'embeddings-base-url': {
    flag: true,
    value: 'URL',
    env: 'PEERMEM_EMBEDDINGS_BASE_URL',
    default: 'https://api.openai.com',
    commands: [],
    group: 'Learning',
    help: 'root of an OpenAI-compatible `/v1/embeddings`',
  },
  PEERMEM_EMBEDDINGS_API_KEY: {
    env: 'PEERMEM_EMBEDDINGS_API_KEY',
    defaultText: '`PEERMEM_LLM_API_KEY`',
    commands: [],
    group: 'Learning',
    help: "the embedding provider's key",
  },
  http: {
    flag: true,
    env: 'PEERMEM_HTTP',
    default: 'off',
    commands: [],
    group: 'HTTP',
    help: 'serve Streamable HTTP instead of stdio (the variable takes on or off)',
  },
  host: {
    flag: true,
    value: 'HOST',
    env: 'PEERMEM_HOST',
    default: '127.0.0.1',
    commands: [],
    group: 'HTTP',
    help: 'HTTP bind address',
  },
  port: {
    flag: true,
    value: 'N',
    env: 'PEERMEM_PORT',
    default: '8787',
    commands: [],
    group: 'HTTP',
    help: 'HTTP port (0: any free port)',
  },
  token: {
    flag: true,
    value: 'TOKEN',
    env: 'PEERMEM_MCP_TOKEN',
    commands: [],
    group: 'HTTP',
    help: 'require `Authorization: Bearer TOKEN` (16+ characters); needed to bind beyond loopback',
  },
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
    commands: ['serve'],
    group: 'Platform API (serve)',
    help: '`on` lets webhooks go to private, loopback and link-local addresses (a receiver on this machine or network)',
  },
  'platform-rate-limit': {
    flag: true,
    value: 'N',
    env: 'PEERMEM_PLATFORM_RATE_LIMIT',
    default: String(DEFAULT_PLATFORM_RATE_LIMIT.requestsPerSecond),
    commands: ['serve'],
    group: 'Platform API (serve)',
    help: 'requests per second per API key (the admin key too); past it 429 with Retry-After; `0` turns it off',
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
  'public-url': {
    flag: true,
    value: 'URL',
    env: 'PEERMEM_PUBLIC_URL',
    defaultText: '`http://HOST:PORT`',
    commands: ['serve'],
    group: 'Gateway (serve)',
    help: 'the URL clients use; sign-ins are bound to its host and port',
  },
  'pay-to': {
    flag: true,
    value: 'ADDRESS',
    env: 'PEERMEM_PAY_TO',
    commands: ['serve'],
    group: 'Gateway (serve)',
    help: 'the wallet paid (required unless an admin key is set; the gateway is off without it then)',
  },
  'x402-network': {
    flag: true,
    value: 'CAIP2',
    env: 'PEERMEM_X402_NETWORK',
    default: BASE_MAINNET_USDC.network,
    commands: ['serve'],
    group: 'Gateway (serve)',
    help: 'the chain paid on (Base mainnet by default)',
  },
  'x402-asset': {
    flag: true,
    value: 'ADDRESS',
    env: 'PEERMEM_X402_ASSET',
    defaultText: 'Base USDC',
    commands: ['serve'],
    group: 'Gateway (serve)',
    help: 'the EIP-3009 token',
  },
  'x402-asset-name': {
    flag: true,
    value: 'NAME',
    env: 'PEERMEM_X402_ASSET_NAME',
    default: BASE_MAINNET_USDC.assetName,
    commands: ['serve'],
    group: 'Gateway (serve)',
    help: "the token's EIP-712 name",
  },
  'x402-asset-version': {
    flag: true,
    value: 'V',
    env: 'PEERMEM_X402_ASSET_VERSION',
    default: BASE_MAINNET_USDC.assetVersion,
    commands: ['serve'],
    group: 'Gateway (serve)',
    help: "the token's EIP-712 version",
  },
  'facilitator-url': {
    flag: true,
    value: 'URL',
    env: 'PEERMEM_FACILITATOR_URL',
    commands: ['serve'],
    group: 'Gateway (serve)',
    help: 'an x402 facilitator; or the built-in one, with `PEERMEM_FACILITATOR_PRIVATE_KEY`',
  },
  PEERMEM_FACILITATOR_PRIVATE_KEY: {
    env: 'PEERMEM_FACILITATOR_PRIVATE_KEY',
    commands: ['serve'],
    group: 'Gateway (serve)',
    help: "the built-in facilitator's key (pays settlement gas), with `--rpc-url`",
  },
  'rpc-url': {
    flag: true,
    value: 'URL',
    env: 'PEERMEM_RPC_URL',
    commands: ['serve', 'wallet'],
    group: 'Gateway (serve)',
    help: 'the node the built-in facilitator settles on; wallet balance reads the asset there',
  },
  mpp: {
    flag: true,
    value: 'on|off',
    env: 'PEERMEM_MPP',
    default: 'on',
    commands: ['serve'],
    group: 'Gateway (serve)',
    help: 'offer MPP (method `tempo`, intent `charge`) beside x402',
  },
  'mpp-chain-id': {
    flag: true,
    value: 'N',
    env: 'PEERMEM_MPP_CHAIN_ID',
    default: String(TEMPO_MAINNET_CHAIN_ID),
    commands: ['serve', 'call'],
    group: 'Gateway (serve)',
    help: 'the Tempo chain MPP settles on (4217: Tempo mainnet)',
  },
  'mpp-currency': {
    flag: true,
    value: 'ADDRESS',
    env: 'PEERMEM_MPP_CURRENCY',
    defaultText: "the chain's: Tempo USDC (`0x20C0…8b50`) on 4217, pathUSD on Moderato (42431)",
    commands: ['serve', 'call'],
    group: 'Gateway (serve)',
    help: 'the TIP-20 token MPP is paid in (required on other chains); call: a token the wallet may pay in',
  },
  'mpp-rpc-url': {
    flag: true,
    value: 'URL',
    env: 'PEERMEM_MPP_RPC_URL',
    defaultText: "the chain's public node (`https://rpc.tempo.xyz`, Moderato's)",
    commands: ['serve', 'call'],
    group: 'Gateway (serve)',
    help: 'the node transfers are broadcast to (required on other chains); call: the node they are prepared with',
  },
  PEERMEM_MPP_SECRET_KEY: {
    env: 'PEERMEM_MPP_SECRET_KEY',
    defaultText: 'random per process',
    commands: ['serve'],
    group: 'Gateway (serve)',
    help: 'binds MPP challenges (HMAC, 32+ characters); share it between processes behind one address',
  },
  PEERMEM_MPP_FEE_PAYER_PRIVATE_KEY: {
    env: 'PEERMEM_MPP_FEE_PAYER_PRIVATE_KEY',
    commands: ['serve'],
    group: 'Gateway (serve)',
    help: 'pays the Tempo fee of each charge, so payers pay the price alone',
  },
  PEERMEM_SIGN_IN_SECRET: {
    env: 'PEERMEM_SIGN_IN_SECRET',
    defaultText: 'random per process',
    commands: ['serve'],
    group: 'Gateway (serve)',
    help: 'makes the nonces of sign-in challenges (32+ characters); gateways behind one URL share it',
  },
  'rate-limit': {
    flag: true,
    value: 'N',
    env: 'PEERMEM_RATE_LIMIT',
    default: String(DEFAULT_RATE_LIMITS.wallet.requestsPerSecond),
    commands: ['serve'],
    group: 'Gateway (serve)',
    help: 'requests per second per wallet, counted after its sign-in or payment is verified; `0` turns it off',
  },
  'rate-limit-burst': {
    flag: true,
    value: 'N',
    env: 'PEERMEM_RATE_LIMIT_BURST',
    default: String(DEFAULT_RATE_LIMITS.wallet.burst),
    commands: ['serve'],
    group: 'Gateway (serve)',
    help: 'how many requests a wallet may send at once after a quiet spell; past that 429',
  },
  'ip-rate-limit': {
    flag: true,
    value: 'N',
    env: 'PEERMEM_IP_RATE_LIMIT',
    default: String(DEFAULT_RATE_LIMITS.ip.requestsPerSecond),
    commands: ['serve'],
    group: 'Gateway (serve)',
    help: 'requests per second per client IP that carry no sign-in or payment yet; `0` turns it off (behind a proxy every client shares its IP)',
  },
  'ip-rate-limit-burst': {
    flag: true,
    value: 'N',
    env: 'PEERMEM_IP_RATE_LIMIT_BURST',
    default: String(DEFAULT_RATE_LIMITS.ip.burst),
    commands: ['serve'],
    group: 'Gateway (serve)',
    help: 'how many such requests one IP may send at once',
  },
  upstream: {
    flag: true,
    value: 'URL',
    env: 'PEERMEM_UPSTREAM',
    defaultText: '`http://127.0.0.1:PORT` (call); none',
    commands: ['remote', 'call'],
    group: 'Remote mode (mcp --upstream, call, wallet)',
    help: "serve the memory kept at this upstream: its gateway, paid from the wallet (the workspace is the wallet's, so `--workspace` is refused), or with `--api-key` its platform API; call: the gateway its request goes to",
  },
  'api-key': {
    flag: true,
    value: 'KEY',
    env: 'PEERMEM_API_KEY',
    commands: ['remote'],
    group: 'Remote mode (mcp --upstream, call, wallet)',
    help: "call the upstream's platform API (/v3) with this bearer key instead of its gateway: no wallet, and `--workspace` names the workspace (prefer the variable: a flag shows in `ps`)",
  },
  PEERMEM_PRIVATE_KEY: {
    env: 'PEERMEM_PRIVATE_KEY',
    defaultText: 'the kept wallet',
    commands: ['call', 'remote'],
    group: 'Remote mode (mcp --upstream, call, wallet)',
    help: 'the wallet that signs in and pays (environment only); wins over the wallet `peermem wallet` keeps',
  },
  'pay-with': {
    flag: true,
    value: 'x402|mpp',
    env: 'PEERMEM_PAY_WITH',
    default: 'x402',
    commands: ['call', 'remote'],
    group: 'Remote mode (mcp --upstream, call, wallet)',
    help: 'the protocol that pays when a 402 offers both; MPP pays up to 5 USD a call in Tempo USDC, pathUSD or `--mpp-currency`',
  },
  'max-per-call': {
    flag: true,
    value: 'USD',
    env: 'PEERMEM_MAX_PER_CALL',
    default: '0.05',
    commands: ['call', 'remote'],
    group: 'Remote mode (mcp --upstream, call, wallet)',
    help: 'the most one paid call may cost; a call over it is refused before anything is signed',
  },
  'daily-budget': {
    flag: true,
    value: 'USD',
    env: 'PEERMEM_DAILY_BUDGET',
    default: '1.00',
    commands: ['call', 'remote'],
    group: 'Remote mode (mcp --upstream, call, wallet)',
    help: 'the most all paid calls may cost in a UTC day, counted in a ledger every process of the wallet shares',
  },
  'wallet-dir': {
    flag: true,
    value: 'DIR',
    env: 'PEERMEM_WALLET_DIR',
    defaultText: 'the user config folder (`~/.config/peermem`)',
    commands: ['call', 'wallet', 'remote'],
    group: 'Remote mode (mcp --upstream, call, wallet)',
    help: 'the key file (where there is no keychain) and the spending ledger `spending.jsonl`',
  },
  PEERMEM_KEYCHAIN: {
    env: 'PEERMEM_KEYCHAIN',
    default: 'on',
    commands: ['call', 'wallet', 'remote'],
    group: 'Remote mode (mcp --upstream, call, wallet)',
    help: '`off` keeps the wallet key in the 0600 file, never in the OS keychain',
  },
  'env-file': {
    flag: true,
    value: 'FILE',
    commands: [],
    group: 'Commands',
    help: 'read `KEY=value` settings (variables already set win)',
  },
  once: {
    flag: true,
    commands: ['worker'],
    group: 'Commands',
    help: 'process what is queued, then exit',
  },
  format: {
    flag: true,
    value: 'FORMAT',
    default: 'auto',
    commands: ['import'],
    group: 'Commands',
    help: '`auto`, `jsonl`, `chatgpt`, `claude` or `text` (see docs/import.md)',
  },
  session: {
    flag: true,
    value: 'ID',
    defaultText: "the file's name",
    commands: ['import', 'keys'],
    group: 'Commands',
    help: 'the session of a JSONL file or transcript; for an export, the prefix of its sessions; keys: the session a session key reaches',
  },
  peer: {
    flag: true,
    value: 'ID',
    commands: ['keys'],
    group: 'Commands',
    help: 'the peer a peer key acts as (in --workspace)',
  },
  org: {
    flag: true,
    value: 'ID',
    commands: ['keys'],
    group: 'Commands',
    help: 'the organization the key belongs to (an admin key with it: that organization only; created if missing); list: its keys only',
  },
  member: {
    flag: true,
    value: 'NAME',
    commands: ['keys'],
    group: 'Commands',
    help: 'the member of --org the key is minted for (a name or an email)',
  },
  name: {
    flag: true,
    value: 'LABEL',
    commands: ['keys'],
    group: 'Commands',
    help: 'a label for the key, shown in `keys list`',
  },
  'expires-at': {
    flag: true,
    value: 'TIME',
    commands: ['keys'],
    group: 'Commands',
    help: 'when the key stops working, ISO 8601 with an offset (`2027-01-01T00:00:00Z`)',
  },
  'user-peer': {
    flag: true,
    value: 'NAME',
    defaultText: '`user`',
    commands: ['import'],
    group: 'Commands',
    help: "the peer of the user's messages in an export",
  },
  'assistant-peer': {
    flag: true,
    value: 'NAME',
    defaultText: '`chatgpt`, `claude`',
    commands: ['import'],
    group: 'Commands',
    help: "the peer of the assistant's messages in an export",
  },
  help: {
    flag: true,
    short: 'h',
    commands: [],
    group: 'Commands',
    help: 'print this help and exit',
  },
  version: {
    flag: true,
    short: 'v',
    commands: [],
    group: 'Commands',
    help: 'print the version and exit',
  },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

/** The settings that are flags (the others come from the environment only). */
type FlagName = {
  [Name in SettingName]: (typeof SETTINGS)[Name] extends { flag: true } ? Name : never;
}[SettingName];

const entries = Object.entries(SETTINGS) as [SettingName, Setting][];

/** How a setting is named in a message: `--port (PEERMEM_PORT)`, `--once` or `PEERMEM_PRIVATE_KEY`. */
export function describeSetting(name: SettingName): string {
  const setting: Setting = SETTINGS[name];
  if (!setting.flag) return setting.env ?? name;
  return setting.env === undefined ? `--${name}` : `--${name} (${setting.env})`;
}

/** The flags, as node's `parseArgs` takes them. */
export function parseArgsOptions() {
  return Object.fromEntries(
    entries
      .filter(([, setting]) => setting.flag)
      .map(([name, setting]) => [
        name,
        {
          type: setting.value === undefined ? 'boolean' : 'string',
          ...(setting.short === undefined ? {} : { short: setting.short }),
        },
      ]),
  ) as {
    [Name in FlagName]: { type: (typeof SETTINGS)[Name] extends { value: string } ? 'string' : 'boolean' };
  };
}

/** The flag names, for suggesting the one meant by a mistyped flag. */
export const flagNames = () => entries.filter(([, setting]) => setting.flag).map(([name]) => name);

/** The flag with this long or short name, if there is one. */
export const findFlag = (name: string): SettingName | undefined =>
  entries.find(([long, setting]) => setting.flag && (long === name || setting.short === name))?.[0];

/** `--port N`, `--http`, or the variable of a setting that is not a flag. */
const labelOf = (name: SettingName, setting: Setting) =>
  setting.flag ? `--${name}${setting.value === undefined ? '' : ` ${setting.value}`}` : (setting.env ?? name);

const defaultOf = (setting: Setting) =>
  setting.default === undefined ? setting.defaultText : `\`${setting.default}\``;

const HELP_INDENT = 32;
const HELP_WIDTH = 100;

/** `text` wrapped at word boundaries into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

/** The option sections of `peermem --help`, one per group, each setting with its variable and default. */
export function helpSections(): string {
  return GROUPS.map((group) => {
    const lines = [`${group}:`];
    for (const [name, setting] of entries.filter(([, setting]) => setting.group === group)) {
      // The other headings already name their commands.
      const scope =
        setting.commands.length === 0 || group !== 'Commands' ? '' : `${setting.commands.join(', ')}: `;
      const variable = setting.flag && setting.env !== undefined ? setting.env : undefined;
      const fallback = defaultOf(setting);
      const notes = [variable, fallback === undefined ? undefined : `default ${fallback}`].filter(Boolean);
      const text = `${scope}${setting.help}${notes.length === 0 ? '' : ` (${notes.join('; ')})`}`.replace(
        /`/g,
        '',
      );
      const label = `  ${labelOf(name, setting)}${setting.short === undefined ? '' : `, -${setting.short}`}`;
      const body = wrap(text, HELP_WIDTH - HELP_INDENT);
      const indent = ' '.repeat(HELP_INDENT);
      if (label.length < HELP_INDENT)
        lines.push(label.padEnd(HELP_INDENT) + body[0], ...body.slice(1).map((l) => indent + l));
      else lines.push(label, ...body.map((l) => indent + l));
    }
    return lines.join('\n');
  }).join('\n\n');
}

/** The settings table of docs/configuration.md, padded as Biome formats a markdown table. */
function settingsTable(): string {
  const escapePipes = (cell: string) => cell.replace(/\|/g, '\\|');
  const rows = [
    ['flag', 'variable', 'default', 'meaning'],
    ...entries.map(([name, setting]) => [
      setting.flag ? `\`${escapePipes(labelOf(name, setting))}\`` : '',
      setting.env === undefined ? '' : `\`${setting.env}\``,
      escapePipes(defaultOf(setting) ?? ''),
      escapePipes(
        `${setting.commands.length === 0 ? '' : `${setting.commands.join(', ')}: `}${setting.help}`,
      ),
    ]),
  ];
  const length = (cell: string) => [...cell].length;
  const widths =
    rows[0]?.map((_, column) => Math.max(3, ...rows.map((row) => length(row[column] ?? '')))) ?? [];
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell + ' '.repeat((widths[column] ?? 0) - length(cell))).join(' | ')} |`;
  const [header = [], ...body] = rows;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}

const START = '<!-- settings:start: made by `npm run docs:settings` from src/settings.ts -->';
const END = '<!-- settings:end -->';

/** `markdown` with the text between the settings markers replaced by the table made from SETTINGS. */
export function withSettingsTable(markdown: string): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start === -1 || end < start) throw new Error(`the settings markers are missing: ${START} … ${END}`);
  return `${markdown.slice(0, start + START.length)}\n\n${settingsTable()}\n\n${markdown.slice(end)}`;
}
