import type { PageRequest, Workspace } from '../../schemas/platform.js';
import type { Database } from '../database/database.js';
import {
  closeConsoleSession,
  findConsoleSession,
  openConsoleSession,
  type SessionKey,
} from './console-sessions.js';
import { listPeerObservations } from './peer-observations.js';
import { countWorkspace } from './workspace-counts.js';
import { listWorkspaces } from './workspaces.js';

/**
 * What the web console needs of the database beyond the platform API: its sign-ins, and the two
 * reads its pages show that the API had no route for (a workspace without creating it, its counts,
 * a peer's observations with their sources and history).
 */
export function createConsoleStore(db: Database) {
  return {
    openSession: (key: SessionKey, ttlMs: number) => openConsoleSession(db, key, ttlMs),
    findSession: (token: string, adminKey: string) => findConsoleSession(db, token, adminKey),
    closeSession: (token: string) => closeConsoleSession(db, token),
    countWorkspace: (workspace: string) => countWorkspace(db, workspace),
    /** The workspace if it exists: a page opened at a mistyped id must not create one. */
    findWorkspace: async (workspace: string): Promise<Workspace | undefined> =>
      (await listWorkspaces(db, { id: workspace }, { page: 1, size: 1, reverse: false })).items[0],
    listPeerObservations: (
      workspace: string,
      pair: { observer: string; observed: string },
      history: boolean,
      page: PageRequest,
    ) => listPeerObservations(db, workspace, pair, history, page),
  };
}

export type ConsoleStore = ReturnType<typeof createConsoleStore>;
