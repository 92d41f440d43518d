import type { GetPeerCardInput, PeerCardOutput } from '../../schemas/card.js';
import { NotFoundError } from '../../service/errors.js';
import type { Database } from '../database/database.js';
import { readPeerCard } from '../reads/read-peer-card.js';

/** A peer's own card, or the card it holds about `target`: written and derived entries. */
export async function getPeerCard(
  db: Database,
  workspace: string,
  input: GetPeerCardInput,
): Promise<PeerCardOutput> {
  const [row] = await db.query<{ peer_found: boolean; target_found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM peers WHERE workspace_id = $1 AND id = $2) AS peer_found,
            EXISTS (SELECT 1 FROM peers WHERE workspace_id = $1 AND id = coalesce($3::text, $2)) AS target_found`,
    [workspace, input.peer, input.target ?? null],
  );
  if (!row?.peer_found) throw new NotFoundError('peer', input.peer, 'peer');
  if (!row.target_found && input.target !== undefined)
    throw new NotFoundError('peer', input.target, 'target');
  const peer_card = await readPeerCard(db, workspace, {
    observer: input.peer,
    observed: input.target ?? input.peer,
  });
  return { peer_card };
}
