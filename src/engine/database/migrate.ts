import { initial } from './migrations/0001_initial.js';
import { learning } from './migrations/0002_learning.js';
import { payments } from './migrations/0003_payments.js';
import { mppProofs } from './migrations/0004_mpp_proofs.js';
import { searchIndexes } from './migrations/0005_search_indexes.js';
import { platform } from './migrations/0006_platform.js';
import { slotFacts } from './migrations/0007_slot_facts.js';
import { apiKeys } from './migrations/0008_api_keys.js';
import { webhooks } from './migrations/0009_webhooks.js';
import { selfObservationSearch } from './migrations/0010_self_observation_search.js';
import { messagesByTime } from './migrations/0011_messages_by_time.js';
import { keyMinters } from './migrations/0012_key_minters.js';
import { deriverReports } from './migrations/0016_deriver_reports.js';
import { consoleSessions } from './migrations/0017_console_sessions.js';
import { idempotencyKeys } from './migrations/0018_idempotency_keys.js';
import { forgetPeers } from './migrations/0019_forget_peers.js';
import { workspaceFolders } from './migrations/0020_workspace_folders.js';
import { usage } from './migrations/0021_usage.js';
import { oauth } from './migrations/0022_oauth.js';

/** Every schema change, in the order it is applied. Append only; never edit an applied one. */
const migrations: readonly { id: string; sql: string }[] = [
  { id: '0001_initial', sql: initial },
  { id: '0002_learning', sql: learning },
  { id: '0003_payments', sql: payments },
  { id: '0004_mpp_proofs', sql: mppProofs },
  { id: '0005_search_indexes', sql: searchIndexes },
  { id: '0006_platform', sql: platform },
  { id: '0007_slot_facts', sql: slotFacts },
  { id: '0008_api_keys', sql: apiKeys },
  { id: '0009_webhooks', sql: webhooks },
  { id: '0010_self_observation_search', sql: selfObservationSearch },
  { id: '0011_messages_by_time', sql: messagesByTime },
  { id: '0012_key_minters', sql: keyMinters },
  { id: '0016_deriver_reports', sql: deriverReports },
  { id: '0017_console_sessions', sql: consoleSessions },
  { id: '0018_idempotency_keys', sql: idempotencyKeys },
  { id: '0019_forget_peers', sql: forgetPeers },
  { id: '0020_workspace_folders', sql: workspaceFolders },
  { id: '0021_usage', sql: usage },
  { id: '0022_oauth', sql: oauth },
];

/** Every migration's id: a database is ready when it has applied them all. */
export const MIGRATION_IDS: readonly string[] = migrations.map((migration) => migration.id);

type Execute = (sql: string) => Promise<Record<string, unknown>[]>;

/** Runs `body` in one transaction, giving it a way to execute SQL (multi-statement allowed). */
export type InTransaction = (body: (execute: Execute) => Promise<void>) => Promise<void>;

// Any fixed number: processes starting together against one server take turns migrating.
const MIGRATION_LOCK = 724_100_001;

/** Applies the migrations this database has not seen yet, one transaction for all of them. */
export async function migrate(inTransaction: InTransaction): Promise<void> {
  await inTransaction(async (execute) => {
    await execute(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await execute(
      'CREATE TABLE IF NOT EXISTS peermem_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set(
      (await execute('SELECT id FROM peermem_migrations')).map((row) => String(row.id)),
    );
    for (const migration of migrations) {
      if (applied.has(migration.id)) continue;
      await execute(migration.sql);
      await execute(`INSERT INTO peermem_migrations (id) VALUES ('${migration.id}')`);
    }
  });
}
