import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, workspaceForDir } from '../src/config.js';
import { SETTINGS } from '../src/settings.js';

describe('loadConfig', () => {
  it('defaults to the MCP server over stdio on the embedded database', () => {
    const config = loadConfig([], {});
    expect(config).toMatchObject({ command: 'mcp', workspace: 'default', http: false, contextTokens: 8192 });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/peermem/);
  });

  it('lists every tool unless --tools or PEERMEM_TOOLS chooses, the flag first', () => {
    expect(loadConfig([], {}).tools).toBe('all');
    expect(loadConfig([], { PEERMEM_TOOLS: 'core' }).tools).toBe('core');
    expect(loadConfig(['mcp', '--tools', 'search,chat'], { PEERMEM_TOOLS: 'core' }).tools).toBe(
      'search,chat',
    );
  });

  it('takes the defaults the settings table gives, the ones --help and the docs show', () => {
    const config = loadConfig(['call'], { PEERMEM_PRIVATE_KEY: `0x${'1'.repeat(64)}` });
    expect(config).toMatchObject({
      workspace: SETTINGS.workspace.default,
      host: SETTINGS.host.default,
      port: Number(SETTINGS.port.default),
      contextTokens: Number(SETTINGS['context-tokens'].default),
      http: false,
      deriver: true,
      learning: { summaryEvery: Number(SETTINGS['summary-every'].default) },
      wallet: { payWith: SETTINGS['pay-with'].default, maxPerCall: 50_000n, dailyBudget: 1_000_000n },
    });
  });

  it('takes flags over environment variables', () => {
    const config = loadConfig(['--workspace', 'from-flag', '--port', '9000'], {
      PEERMEM_WORKSPACE: 'from-env',
      PEERMEM_PORT: '1234',
      PEERMEM_CONTEXT_TOKENS: '2000',
    });
    expect(config).toMatchObject({ workspace: 'from-flag', port: 9000, contextTokens: 2000 });
  });

  it('serve: Base mainnet USDC by default, a facilitator required, the payee named when missing', () => {
    const payee = '0x1111111111111111111111111111111111111111';
    const config = loadConfig(
      ['serve', '--pay-to', payee, '--facilitator-url', 'https://facilitator.example'],
      {},
    );
    expect(config.payments).toMatchObject({
      payTo: payee,
      x402: { network: 'eip155:8453', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
      facilitator: { kind: 'remote', url: 'https://facilitator.example' },
    });
    expect(() => loadConfig(['serve', '--facilitator-url', 'https://f.example'], {})).toThrow(
      /--pay-to \(PEERMEM_PAY_TO\): is required/,
    );
    expect(() => loadConfig(['serve', '--pay-to', payee], {})).toThrow(
      /PEERMEM_FACILITATOR_URL.*is required/,
    );
  });

  it('serve: MPP on Tempo mainnet USDC by default, settings from the environment, or off', () => {
    const serve = ['serve', '--pay-to', '0x1111111111111111111111111111111111111111'];
    const remote = { PEERMEM_FACILITATOR_URL: 'https://facilitator.example' };
    const mpp = loadConfig(serve, remote).payments?.mpp;
    expect(mpp).toMatchObject({
      chainId: 4217,
      currency: '0x20C000000000000000000000b9537d11c60E8b50',
      decimals: 6,
      rpcUrl: 'https://rpc.tempo.xyz',
    });
    // Without a configured secret each process draws its own.
    expect(mpp?.secretKey).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig(serve, remote).payments?.mpp?.secretKey).not.toBe(mpp?.secretKey);

    const local = loadConfig(serve, {
      ...remote,
      PEERMEM_MPP_CHAIN_ID: '1337',
      PEERMEM_MPP_CURRENCY: '0x20c0000000000000000000000000000000000000',
      PEERMEM_MPP_RPC_URL: 'http://127.0.0.1:9545',
      PEERMEM_MPP_SECRET_KEY: 's'.repeat(32),
    }).payments?.mpp;
    expect(local).toMatchObject({
      chainId: 1337,
      rpcUrl: 'http://127.0.0.1:9545',
      secretKey: 's'.repeat(32),
    });
    expect(loadConfig([...serve, '--mpp', 'off'], remote).payments?.mpp).toBeUndefined();
    expect(() => loadConfig([...serve, '--mpp', 'maybe'], remote)).toThrow(
      /--mpp \(PEERMEM_MPP\): must be on or off/,
    );
    // The Moderato testnet is known by id; any other chain needs its token and node named.
    expect(loadConfig([...serve, '--mpp-chain-id', '42431'], remote).payments?.mpp).toMatchObject({
      currency: '0x20c0000000000000000000000000000000000000',
      rpcUrl: 'https://rpc.moderato.tempo.xyz',
    });
    expect(() => loadConfig([...serve, '--mpp-chain-id', '1337'], remote)).toThrow(
      /--mpp-currency \(PEERMEM_MPP_CURRENCY\): is required/,
    );
    expect(() => loadConfig([...serve, '--mpp-chain-id', 'tempo'], remote)).toThrow(
      /--mpp-chain-id \(PEERMEM_MPP_CHAIN_ID\): must be a chain id/,
    );
  });

  it('call: pays with x402 unless told to pay with MPP, on the Tempo node configured', () => {
    const env = { PEERMEM_PRIVATE_KEY: `0x${'1'.repeat(64)}` };
    expect(loadConfig(['call'], env).wallet).toMatchObject({
      payWith: 'x402',
      tempo: { chainId: 4217, rpcUrl: 'https://rpc.tempo.xyz' },
    });
    const currency = '0x20c0000000000000000000000000000000000001';
    const mpp = loadConfig(
      ['call', '--pay-with', 'mpp', '--mpp-rpc-url', 'http://127.0.0.1:9545', '--mpp-currency', currency],
      env,
    );
    expect(mpp.wallet).toMatchObject({
      payWith: 'mpp',
      tempo: { rpcUrl: 'http://127.0.0.1:9545', currency },
    });
    expect(() => loadConfig(['call', '--pay-with', 'card'], env)).toThrow(
      /--pay-with \(PEERMEM_PAY_WITH\): must be x402 or mpp/,
    );
  });

  it('serve: the sign-in secret from the environment only, or none (each gateway process then draws its own)', () => {
    const serve = ['serve', '--pay-to', '0x1111111111111111111111111111111111111111'];
    const remote = { PEERMEM_FACILITATOR_URL: 'https://facilitator.example' };
    expect(loadConfig(serve, remote).signInSecret).toBeUndefined();
    const secret = 's'.repeat(32);
    expect(loadConfig(serve, { ...remote, PEERMEM_SIGN_IN_SECRET: secret }).signInSecret).toBe(secret);
    expect(loadConfig(['mcp'], { PEERMEM_SIGN_IN_SECRET: secret }).signInSecret).toBeUndefined();
  });

  it('never shows a private key in its errors', () => {
    const secret = '0xnot-a-key-but-secret';
    const attempt = () => loadConfig(['call'], { PEERMEM_PRIVATE_KEY: secret });
    expect(attempt).toThrow(/PEERMEM_PRIVATE_KEY: must be a 0x-prefixed 32-byte hex private key/);
    expect(attempt).not.toThrow(new RegExp(secret));
    const serve = () =>
      loadConfig(['serve', '--pay-to', '0x1111111111111111111111111111111111111111'], {
        PEERMEM_FACILITATOR_PRIVATE_KEY: secret,
        PEERMEM_RPC_URL: 'http://127.0.0.1:8545',
      });
    expect(serve).toThrow(/PEERMEM_FACILITATOR_PRIVATE_KEY/);
    expect(serve).not.toThrow(new RegExp(secret));
    for (const [name, reason] of [
      ['PEERMEM_MPP_FEE_PAYER_PRIVATE_KEY', /must be a 0x-prefixed 32-byte hex private key/],
      ['PEERMEM_MPP_SECRET_KEY', /must be at least 32 characters/],
      ['PEERMEM_SIGN_IN_SECRET', /must be at least 32 characters/],
    ] as const) {
      const mpp = () =>
        loadConfig(['serve', '--pay-to', '0x1111111111111111111111111111111111111111'], {
          PEERMEM_FACILITATOR_URL: 'https://facilitator.example',
          [name]: secret,
        });
      expect(mpp).toThrow(new RegExp(`${name}: ${reason.source}`));
      expect(mpp).not.toThrow(new RegExp(secret));
    }
  });

  it('names the flag and the reason when a value is wrong', () => {
    expect(() => loadConfig(['--port', '70000'], {})).toThrow(
      /--port \(PEERMEM_PORT\): must be a whole number from 0 to 65535/,
    );
    expect(() => loadConfig(['--context-tokens', '0'], {})).toThrow(/--context-tokens.*greater than 0/);
    expect(() => loadConfig(['--workspace', ''], {})).toThrow(/--workspace.*must not be empty/);
    expect(() => loadConfig(['--bogus'], {})).toThrow(ConfigError);
    expect(() => loadConfig(['serve-everything'], {})).toThrow(/unknown command "serve-everything"/);
  });

  it('says in one line which flag is wrong, its variable and what it takes', () => {
    const message = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
      try {
        loadConfig(argv, env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`${argv.join(' ')} was accepted`);
    };
    const cases: [string[], NodeJS.ProcessEnv, string][] = [
      [['--bogus'], {}, '--bogus: unknown flag; run peermem --help for the flags'],
      [
        ['--prot', '80'],
        {},
        '--prot: unknown flag (did you mean --port (PEERMEM_PORT)?); run peermem --help for the flags',
      ],
      [['-x'], {}, '-x: unknown flag; run peermem --help for the flags'],
      [['--port'], {}, '--port (PEERMEM_PORT): needs a value'],
      [['--http=yes'], {}, '--http (PEERMEM_HTTP): is a switch and takes no value; leave the value out'],
      [['--port', 'abc'], {}, '--port (PEERMEM_PORT): must be a whole number from 0 to 65535'],
      [[], { PEERMEM_PORT: 'abc' }, '--port (PEERMEM_PORT): must be a whole number from 0 to 65535'],
      [['--port', '1.5'], {}, '--port (PEERMEM_PORT): must be a whole number from 0 to 65535'],
      [
        ['--context-tokens', 'many'],
        {},
        '--context-tokens (PEERMEM_CONTEXT_TOKENS): must be a whole number greater than 0',
      ],
      [['--summary-every', 'x'], {}, '--summary-every (PEERMEM_SUMMARY_EVERY): must be a number'],
      [['--summary-every', '0'], {}, '--summary-every (PEERMEM_SUMMARY_EVERY): must be greater than 0'],
      [
        ['--deriver', 'maybe'],
        {},
        '--deriver (PEERMEM_DERIVER): must be on or off (or true/false, yes/no, 1/0), not "maybe"',
      ],
      [
        [],
        { PEERMEM_HTTP: 'sometimes' },
        '--http (PEERMEM_HTTP): must be on or off (or true/false, yes/no, 1/0), not "sometimes"',
      ],
      [
        ['--reasoner', 'openai', '--llm-model', 'm'],
        { PEERMEM_LLM_TIMEOUT_MS: 'soon' },
        'PEERMEM_LLM_TIMEOUT_MS: must be a number',
      ],
    ];
    for (const [argv, env, expected] of cases) {
      const got = message(argv, env);
      expect(got, argv.join(' ')).toBe(expected);
      expect(got).not.toMatch(/\n|NaN|Invalid input|expected number/);
    }
  });

  it('takes on and off in the usual spellings for a switch', () => {
    expect(loadConfig(['--deriver', 'OFF'], {}).deriver).toBe(false);
    expect(loadConfig([], { PEERMEM_DERIVER: 'no' }).deriver).toBe(false);
    expect(loadConfig([], { PEERMEM_DERIVER: 'yes' }).deriver).toBe(true);
    expect(loadConfig([], {}).deriver).toBe(true);
    expect(loadConfig(['--http'], {}).http).toBe(true);
    expect(loadConfig([], { PEERMEM_HTTP: 'on' }).http).toBe(true);
    expect(loadConfig([], { PEERMEM_HTTP: '0' }).http).toBe(false);
    expect(loadConfig([], {}).http).toBe(false);
  });

  it('never repeats a secret in an error', () => {
    const secret = 'mysql://admin:hunter2@db.example/prod';
    let message = '';
    try {
      loadConfig([], { DATABASE_URL: secret });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('--database-url (DATABASE_URL)');
    expect(message).not.toContain('hunter2');
  });

  it('requires a token to serve HTTP beyond loopback', () => {
    expect(() => loadConfig(['--http', '--host', '0.0.0.0'], {})).toThrow(/--token/);
    expect(loadConfig(['--http', '--host', '0.0.0.0', '--token', 'x'.repeat(32)], {}).token).toHaveLength(32);
  });

  it('derives one stable workspace per project folder', () => {
    const config = loadConfig(['--workspace-from-dir', '/srv/projects/app'], {});
    expect(config.workspace).toMatch(/^app-[0-9a-f]{10}$/);
    expect(workspaceForDir('/srv/projects/app')).toBe(config.workspace);
    expect(workspaceForDir('/srv/other/app')).not.toBe(config.workspace);
  });

  it('learns offline by default, and with a model when one is named', () => {
    expect(loadConfig([], {}).learning).toEqual({
      reasoner: { kind: 'offline' },
      embeddings: { kind: 'offline' },
      summaryEvery: 20,
    });
    const config = loadConfig(['--reasoner', 'openai', '--llm-model', 'gpt-4o-mini'], {
      PEERMEM_LLM_API_KEY: 'sk-test',
    });
    expect(config.learning.reasoner).toMatchObject({
      kind: 'llm',
      llm: { provider: 'openai', model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com', apiKey: 'sk-test' },
    });
    const local = loadConfig(
      ['--reasoner', 'openai', '--llm-model', 'llama3', '--llm-base-url', 'http://127.0.0.1:11434/v1'],
      {},
    );
    expect(local.learning.reasoner).toMatchObject({ llm: { baseUrl: 'http://127.0.0.1:11434' } });
  });

  it('names the missing or wrong learning setting, never the key', () => {
    expect(() => loadConfig(['--reasoner', 'openai'], { PEERMEM_LLM_API_KEY: 'sk-very-secret' })).toThrow(
      /^--llm-model \(PEERMEM_LLM_MODEL\): is required/,
    );
    expect(() => loadConfig(['--reasoner', 'gpt'], {})).toThrow(
      /--reasoner \(PEERMEM_REASONER\): must be offline, openai/,
    );
    let message = '';
    try {
      loadConfig(['--reasoner', 'anthropic', '--llm-model', 'claude'], {
        PEERMEM_LLM_API_KEY: 'sk key with spaces',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('PEERMEM_LLM_API_KEY');
    expect(message).not.toContain('sk key');
  });
});
