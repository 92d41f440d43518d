import type { GetPeerCardInput, PeerCardOutput } from '../../schemas/card.js';
import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';

/** A peer's own card, or the card it holds about `target`; null when none was written. */
export async function getPeerCard(
  db: Database,
  workspace: string,
  input: GetPeerCardInput,
): Promise<PeerCardOutput> {
  const [row] = await db.query<{ peer_found: boolean; target_found: boolean; card: string[] | null }>(
    `SELECT EXISTS (SELECT 1 FROM peers WHERE workspace_id = $1 AND id = $2) AS peer_found,
            EXISTS (SELECT 1 FROM peers WHERE workspace_id = $1 AND id = coalesce($3::text, $2)) AS target_found,
            (SELECT card FROM peer_cards WHERE workspace_id = $1 AND observer_id = $2
               AND observed_id = coalesce($3::text, $2)) AS card`,
    [workspace, input.peer, input.target ?? null],
  );
  if (!row?.peer_found) throw new NotFoundError('peer', input.peer, 'peer');
  if (!row.target_found && input.target !== undefined)
    throw new NotFoundError('peer', input.target, 'target');
  return { peer_card: row.card };
}
