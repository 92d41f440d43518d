import type { Config } from '../config.js';
import { openEngine } from './open-engine.js';

/** `peermem status`: the deriver's progress and latest errors for the workspace, as JSON. */
export async function runStatus(config: Config): Promise<void> {
  const { database, engine } = openEngine(config, { deriver: false });
  try {
    const status = await engine.memory(config.workspace).getDeriverStatus({});
    process.stdout.write(`${JSON.stringify({ workspace: config.workspace, ...status }, null, 2)}\n`);
  } finally {
    await database.close();
  }
}
