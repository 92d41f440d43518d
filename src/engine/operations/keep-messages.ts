import type { Database } from '../database/database.js';

/** Releases held messages (see `addMessages`) to the deriver: their payment has settled. */
export async function keepMessages(
  db: Database,
  workspace: string,
  messageIds: readonly string[],
): Promise<void> {
  await db.query(
    `UPDATE derivation_tasks t SET available_at = now()
       FROM (SELECT min(seq) AS first_seq FROM messages WHERE workspace_id = $1 AND id = ANY($2::text[])) m
      WHERE t.workspace_id = $1 AND t.first_seq = m.first_seq AND t.available_at = 'infinity'`,
    [workspace, messageIds],
  );
}
