import type { Ok } from '../../schemas/common.js';
import type { DeletePeerInput } from '../../schemas/peer.js';
import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';

/**
 * Forgets a peer for good, in one statement. The peer's row takes with it (ON DELETE CASCADE) the
 * messages it wrote with their embeddings, every observation by it or about it, its cards and the
 * cards others hold about it, and its memberships. Beside it: the summaries of the sessions it
 * wrote in are dropped (they quote it; the session's next learning task writes them anew), the
 * learning tasks left with no other author's message are removed, the message counts of those
 * sessions drop, and keys scoped to the peer are revoked, so that a peer of the same name made
 * later is not theirs. Representations are read from observations and cards, so they follow.
 */
export async function deletePeer(db: Database, workspace: string, input: DeletePeerInput): Promise<Ok> {
  const [row] = await db.query<{ deleted: number }>(
    `WITH written AS (
       SELECT session_id, count(*)::int AS n FROM messages WHERE workspace_id = $1 AND peer_id = $2
       GROUP BY session_id
     ),
     tasks AS (
       DELETE FROM derivation_tasks t WHERE t.workspace_id = $1
         AND t.session_id IN (SELECT session_id FROM written)
         AND NOT EXISTS (
           SELECT 1 FROM messages m WHERE m.workspace_id = $1 AND m.session_id = t.session_id
              AND m.seq BETWEEN t.first_seq AND t.last_seq AND m.peer_id <> $2)
     ),
     summaries AS (
       DELETE FROM session_summaries s
        WHERE s.workspace_id = $1 AND s.session_id IN (SELECT session_id FROM written)
     ),
     counted AS (
       UPDATE sessions s SET message_count = greatest(s.message_count - w.n, 0) FROM written w
        WHERE s.workspace_id = $1 AND s.id = w.session_id
     ),
     keys AS (
       UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE workspace_id = $1 AND peer_id = $2
     ),
     gone AS (DELETE FROM peers WHERE workspace_id = $1 AND id = $2 RETURNING id)
     SELECT count(*)::int AS deleted FROM gone`,
    [workspace, input.peer],
  );
  if ((row?.deleted ?? 0) === 0) throw new NotFoundError('peer', input.peer, 'peer');
  return { ok: true };
}
