import { createInterface } from 'node:readline/promises';
import type { Config } from '../config.js';
import {
  deleteWorkspaceAndFolder,
  listWorkspaceFolders,
  type WorkspaceListing,
} from '../engine/export/workspace-folders.js';
import { openEngine } from './open-engine.js';
import { describeStore } from './open-store.js';
import { printFailure } from './print-failure.js';

const USAGE = `peermem: usage: peermem workspaces            list the workspaces, their messages and folders
       peermem workspaces delete W [--yes]  delete workspace W with all its data`;

/** How `workspaceForDir` names a workspace: the folder's name, a dash and 10 hex digits of its path's hash. */
const FROM_DIR_NAME = /-[0-9a-f]{10}$/;

/**
 * `peermem workspaces [delete W]`: the workspaces of the data folder or DATABASE_URL, or one
 * deleted with everything in it. Deleting asks first on a terminal; elsewhere it needs --yes.
 * A data folder a server holds is reached through that server, as every command reaches it, so
 * this works while it runs. Returns the exit code: 0 done, 1 refused or failed, 2 bad usage.
 */
export async function runWorkspaces(config: Config): Promise<number> {
  const [action, workspace, extra] = config.args;
  if (action !== undefined && (action !== 'delete' || workspace === undefined || extra !== undefined)) {
    console.error(USAGE);
    return 2;
  }
  const { database, engine } = openEngine(config, { deriver: false });
  try {
    const listed = await listWorkspaceFolders(database);
    if (workspace === undefined) {
      process.stdout.write(describeListing(listed, describeStore(config)));
      return 0;
    }
    const found = listed.find((entry) => entry.id === workspace);
    if (found === undefined) {
      console.error(`peermem: workspaces: no workspace "${workspace}" in the ${describeStore(config)}`);
      return 1;
    }
    const what = `workspace "${workspace}" with its ${count(found.messages, 'message')}, sessions, peers and what was learned`;
    if (!config.yes) {
      if (!process.stdin.isTTY) {
        console.error(`peermem: workspaces: deleting ${what} needs --yes when not run from a terminal`);
        return 1;
      }
      if (
        !(await confirm(`Delete ${what}? This cannot be undone (peermem export first keeps a copy). [y/N] `))
      ) {
        console.error('peermem: workspaces: nothing deleted');
        return 1;
      }
    }
    const deleted = await deleteWorkspaceAndFolder(database, workspace);
    if (deleted === undefined) {
      console.error(`peermem: workspaces: workspace "${workspace}" was already gone`);
      return 1;
    }
    console.error(`peermem: deleted workspace "${workspace}" (${count(deleted, 'message')})`);
    return 0;
  } catch (error) {
    return printFailure(error, 'peermem: workspaces');
  } finally {
    await engine.stop();
    await database.close();
  }
}

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/** A table of the workspaces, with a line naming where they are kept. */
function describeListing(listed: readonly WorkspaceListing[], store: string): string {
  if (listed.length === 0) return `No workspaces in the ${store}.\n`;
  const rows = listed.map((entry) => [
    entry.id,
    entry.messages.toLocaleString('en-US'),
    entry.folder ?? (FROM_DIR_NAME.test(entry.id) ? 'unknown folder' : '-'),
  ]);
  const header = ['WORKSPACE', 'MESSAGES', 'FOLDER'];
  const idWidth = Math.max(header[0]?.length ?? 0, ...rows.map((row) => row[0]?.length ?? 0));
  const countWidth = Math.max(header[1]?.length ?? 0, ...rows.map((row) => row[1]?.length ?? 0));
  const line = ([id = '', messages = '', folder = '']: string[]) =>
    `${id.padEnd(idWidth)}  ${messages.padStart(countWidth)}  ${folder}`;
  return `${[`Workspaces in the ${store}:`, line(header), ...rows.map(line)].join('\n')}\n`;
}

async function confirm(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await prompt.question(question)).trim());
  } finally {
    prompt.close();
  }
}
