import { hostname } from 'node:os';
import type { Database } from '../database/database.js';

/**
 * Records that a deriver lives and what it learns with, so that a status asked of any process
 * (`peermem status`, a server whose learning runs in a `peermem worker`) names the reasoner that
 * learns, not its own. Called when the deriver starts and with each heartbeat; derivers not seen
 * for a week are forgotten on the way. The host and process id tell the status page's reader which
 * process it is.
 */
export async function reportDeriver(
  db: Database,
  deriver: { id: string; reasoner: string; embeddingModel: string },
): Promise<void> {
  await db.query(
    `WITH forgotten AS (DELETE FROM derivers WHERE seen_at < now() - interval '7 days')
     INSERT INTO derivers (id, reasoner, embedding_model, host, pid) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET seen_at = now()`,
    [deriver.id, deriver.reasoner, deriver.embeddingModel, hostname(), process.pid],
  );
}
