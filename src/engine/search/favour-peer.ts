import type { Database } from '../database/database.js';

/**
 * Scales down the scores of the messages another peer said, in place: a query that names one
 * peer ("what did Caroline research?") asks about what that peer said.
 */
export async function favourPeer(
  db: Database,
  workspace: string,
  scores: Map<string, number>,
  peer: string,
  othersShare: number,
): Promise<void> {
  if (scores.size === 0) return;
  const rows = await db.query<{ seq: string }>(
    `SELECT seq::text AS seq FROM messages WHERE workspace_id = $1 AND seq = ANY($2::bigint[]) AND peer_id = $3`,
    [workspace, [...scores.keys()], peer],
  );
  const theirs = new Set(rows.map((row) => row.seq));
  for (const [seq, score] of scores) if (!theirs.has(seq)) scores.set(seq, score * othersShare);
}
