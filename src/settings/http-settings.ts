import type { Setting } from '../settings-shape.js';

/** The settings of the HTTP listener of `mcp --http` and `serve` (the group shown under "HTTP" in `--help`). */
export const HTTP_SETTINGS = {
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
} as const satisfies Record<string, Setting>;
