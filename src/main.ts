#!/usr/bin/env node
import { HELP } from './cli/help.js';
import { ConfigError, loadConfig } from './config.js';
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
    case 'mcp':
      // Imported here so that --help and --version answer without loading the server.
      await (await import('./cli/run-mcp.js')).runMcp(config);
      process.exit(0);
  }
}

await main();
