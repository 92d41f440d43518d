import { createInterface } from 'node:readline/promises';
import type { Config } from '../config.js';
import { NotFoundError } from '../service/errors.js';
import { openEngine } from './open-engine.js';
import { printFailure } from './print-failure.js';

const USAGE = 'peermem: usage: peermem peers delete PEER [--workspace NAME] [--yes]';

/**
 * `peermem peers delete PEER`: forgets a peer of the local memory (the database serve uses; it may
 * be running). It cannot be undone, so it asks on a terminal; elsewhere `--yes` says it was meant.
 */
export async function runPeers(config: Config): Promise<number> {
  const [action, peer, ...rest] = config.args;
  if (action !== 'delete' || peer === undefined || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  if (!config.yes && !process.stdin.isTTY) {
    console.error(
      `peermem: --yes: deleting peer "${peer}" cannot be undone, and no terminal is here to ask; add --yes to delete it`,
    );
    return 2;
  }
  const { database, engine } = openEngine(config, { deriver: false });
  const memory = engine.memory(config.workspace);
  try {
    // Asking first about a peer that is not there would be a question with no point.
    const exists = await memory
      .listPeerSessions({ peer, page: 1, size: 1, reverse: false })
      .then(() => true)
      .catch((error) => (error instanceof NotFoundError ? false : Promise.reject(error)));
    if (!exists) {
      console.error(`peermem: peer "${peer}" does not exist in workspace "${config.workspace}"`);
      return 1;
    }
    if (!config.yes && !(await confirmed(peer, config.workspace))) {
      console.error('peermem: nothing deleted');
      return 1;
    }
    await memory.deletePeer({ peer });
    console.error(`peermem: peer "${peer}" deleted from workspace "${config.workspace}"`);
    return 0;
  } catch (error) {
    return printFailure(error);
  } finally {
    await database.close();
  }
}

async function confirmed(peer: string, workspace: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await terminal.question(
      `Delete peer "${peer}" of workspace "${workspace}", every message it wrote and all that was learned by or about it? This cannot be undone. [y/N] `,
    );
    return ['y', 'yes'].includes(answer.trim().toLowerCase());
  } finally {
    terminal.close();
  }
}
