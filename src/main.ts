#!/usr/bin/env node
import { HELP } from './cli/help.js';
import { ConfigError, loadConfig } from './config.js';
import { MemoryError } from './service/errors.js';
import { VERSION } from './version.js';

/** The `peermem` command: parses the configuration once and runs the command it names. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`peermem: ${error.message}`);
    process.exit(2);
  }
  switch (config.command) {
    case 'help':
      process.stdout.write(HELP);
      return;
    case 'version':
      process.stdout.write(`${VERSION}\n`);
      return;
    // Imported here so that --help and --version answer without loading the server.
    case 'mcp':
      await (await import('./cli/run-mcp.js')).runMcp(config);
      process.exit(0);
      break;
    case 'worker':
      await (await import('./cli/run-worker.js')).runWorker(config, { once: config.once });
      process.exit(0);
      break;
    case 'status':
      await (await import('./cli/run-status.js')).runStatus(config);
      process.exit(0);
      break;
    case 'serve':
      await (await import('./cli/run-serve.js')).runServe(config);
      process.exit(0);
      break;
    case 'devnet':
      await (await import('./cli/run-devnet.js')).runDevnet(config);
      process.exit(0);
      break;
    case 'call':
      process.exit(await (await import('./cli/run-call.js')).runCall(config));
      break;
    case 'wallet':
      process.exit(await (await import('./cli/run-wallet.js')).runWallet(config));
      break;
    case 'import':
      process.exit(await (await import('./cli/run-import.js')).runImport(config));
      break;
    case 'export':
      process.exit(await (await import('./cli/run-export.js')).runExport(config));
      break;
    case 'workspaces':
      process.exit(await (await import('./cli/run-workspaces.js')).runWorkspaces(config));
      break;
    case 'keys':
      process.exit(await (await import('./cli/run-keys.js')).runKeys(config));
      break;
    case 'peers':
      process.exit(await (await import('./cli/run-peers.js')).runPeers(config));
      break;
    case 'console':
      await (await import('./cli/run-console.js')).runConsole(config);
      process.exit(0);
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
