#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node
// MALLOC_ARENA_MAX: glibc gives each thread that allocates its own malloc arena and keeps it when
// the thread ends, so the learning thread (ended when idle) left ~40-60 MB resident for good;
// two arenas in all held 238-283 MB 15 s after 300 learned turns against 279-310 with the default
// (npm run bench:footprint, docs/benchmarks.md). `env -S` splits the line on Linux and macOS, and
// npm's Windows shims read it too. A client that starts `node dist/src/main.js` goes without it.
import { HELP } from './cli/help.js';
import { ConfigError, loadConfig } from './config.js';
import { MemoryError } from './service/errors.js';
import { VERSION } from './version.js';

type Config = ReturnType<typeof loadConfig>;

/**
 * What each command runs, imported only then so that --help and --version answer without loading
 * the server; it resolves to the exit code (a number), or to nothing for 0.
 */
const COMMANDS: Partial<Record<Config['command'], (config: Config) => Promise<unknown>>> = {
  mcp: async (config) => (await import('./cli/run-mcp.js')).runMcp(config),
  worker: async (config) => (await import('./cli/run-worker.js')).runWorker(config, { once: config.once }),
  status: async (config) => (await import('./cli/run-status.js')).runStatus(config),
  serve: async (config) => (await import('./cli/run-serve.js')).runServe(config),
  devnet: async (config) => (await import('./cli/run-devnet.js')).runDevnet(config),
  call: async (config) => (await import('./cli/run-call.js')).runCall(config),
  wallet: async (config) => (await import('./cli/run-wallet.js')).runWallet(config),
  import: async (config) => (await import('./cli/run-import.js')).runImport(config),
  export: async (config) => (await import('./cli/run-export.js')).runExport(config),
  workspaces: async (config) => (await import('./cli/run-workspaces.js')).runWorkspaces(config),
  keys: async (config) => (await import('./cli/run-keys.js')).runKeys(config),
  peers: async (config) => (await import('./cli/run-peers.js')).runPeers(config),
  console: async (config) => (await import('./cli/run-console.js')).runConsole(config),
};

/** The `peermem` command: parses the configuration once and runs the command it names. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`peermem: ${error.message}`);
    process.exit(2);
  }
  if (config.command === 'help') process.stdout.write(HELP);
  else if (config.command === 'version') process.stdout.write(`${VERSION}\n`);
  else {
    const run = COMMANDS[config.command];
    if (run === undefined) return;
    const code = await run(config);
    process.exit(typeof code === 'number' ? code : 0);
  }
}

try {
  await main();
} catch (error) {
  // A start-up failure the user can act on is one line, never a stack trace.
  if (!(error instanceof MemoryError)) throw error;
  console.error(`peermem: ${error.message}${error.hint ? `. ${error.hint}` : ''}`);
  process.exit(1);
}
