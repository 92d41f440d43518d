import type { PeerCardOutput, SetPeerCardInput } from '../../schemas/card.js';
import type { Database } from '../database/database.js';

/**
 * Replaces a peer's card (or its card about `target`) with exactly `card`, derived entries
 * included, creating the peers on first reference. The newest message stored now is kept with
 * it: what was learned from it and older messages no longer shows (see `readPeerCard`).
 */
export async function setPeerCard(
  db: Database,
  workspace: string,
  input: SetPeerCardInput,
): Promise<PeerCardOutput> {
  await db.query(
    `WITH new_workspace AS (INSERT INTO workspaces (id) VALUES ($1) ON CONFLICT DO NOTHING),
     new_peers AS (
       INSERT INTO peers (workspace_id, id) SELECT DISTINCT $1, unnest(ARRAY[$2, coalesce($3::text, $2)])
       ON CONFLICT DO NOTHING
     )
     INSERT INTO peer_cards (workspace_id, observer_id, observed_id, card, set_after_message_seq)
     VALUES ($1, $2, coalesce($3::text, $2), $4::jsonb, (SELECT coalesce(max(seq), 0) FROM messages))
     ON CONFLICT (workspace_id, observer_id, observed_id) DO UPDATE SET card = EXCLUDED.card,
       set_after_message_seq = EXCLUDED.set_after_message_seq, updated_at = now()`,
    [workspace, input.peer, input.target ?? null, JSON.stringify(input.card)],
  );
  return { peer_card: [...new Set(input.card)] };
}
