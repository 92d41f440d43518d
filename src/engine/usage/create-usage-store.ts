import type { Database } from '../database/database.js';
import { readInstanceStatus } from './read-instance-status.js';
import { type ReadUsageParameters, readUsage } from './read-usage.js';
import type { UsageRecorder } from './usage-recorder.js';

export type UsageStoreOptions = {
  recorder: UsageRecorder;
  version: string;
  startedAt: Date;
  /** Where the database lives, as an admin may see it: the PGlite folder or host:port/database. */
  location: string;
};

/** What GET /v3/usage and GET /v3/status read: the recorded usage and the state of the instance. */
export function createUsageStore(db: Database, options: UsageStoreOptions) {
  return {
    /** This process's figures are written first, so that the answer includes them. */
    async report(params: ReadUsageParameters) {
      await options.recorder.flush();
      return readUsage(db, params);
    },
    status: (workspace: string | undefined) =>
      readInstanceStatus(db, {
        workspace,
        version: options.version,
        startedAt: options.startedAt,
        location: options.location,
      }),
  };
}

export type UsageStore = ReturnType<typeof createUsageStore>;
