import type { Ok } from '../../schemas/common.js';
import type { SessionPeersChangeInput } from '../../schemas/session.js';
import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';

/**
 * Ends peers' membership of a session. Their messages stay; the session stays in their session
 * list as inactive. Removing a peer that is not a member changes nothing.
 */
export async function removeSessionPeers(
  db: Database,
  workspace: string,
  input: SessionPeersChangeInput,
): Promise<Ok> {
  const [row] = await db.query<{ found: boolean }>(
    `WITH removed AS (
       UPDATE session_peers SET left_at = now()
       WHERE workspace_id = $1 AND session_id = $2 AND left_at IS NULL
         AND peer_id IN (SELECT jsonb_array_elements_text($3::jsonb))
     )
     SELECT EXISTS (SELECT 1 FROM sessions WHERE workspace_id = $1 AND id = $2) AS found`,
    [workspace, input.session, JSON.stringify(input.peers)],
  );
  if (!row?.found) throw new NotFoundError('session', input.session, 'session');
  return { ok: true };
}
