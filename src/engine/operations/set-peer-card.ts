import type { PeerCardOutput, SetPeerCardInput } from '../../schemas/card.js';
import type { Database } from '../database/database.js';

/** Replaces a peer's card (or its card about `target`), creating the peers on first reference. */
export async function setPeerCard(
  db: Database,
  workspace: string,
  input: SetPeerCardInput,
): Promise<PeerCardOutput> {
  const [row] = await db.query<{ card: string[] }>(
    `WITH new_workspace AS (INSERT INTO workspaces (id) VALUES ($1) ON CONFLICT DO NOTHING),
     new_peers AS (
       INSERT INTO peers (workspace_id, id) SELECT DISTINCT $1, unnest(ARRAY[$2, coalesce($3::text, $2)])
       ON CONFLICT DO NOTHING
     )
     INSERT INTO peer_cards (workspace_id, observer_id, observed_id, card)
     VALUES ($1, $2, coalesce($3::text, $2), $4::jsonb)
     ON CONFLICT (workspace_id, observer_id, observed_id) DO UPDATE SET card = EXCLUDED.card, updated_at = now()
     RETURNING card`,
    [workspace, input.peer, input.target ?? null, JSON.stringify(input.card)],
  );
  return { peer_card: row?.card ?? input.card };
}
