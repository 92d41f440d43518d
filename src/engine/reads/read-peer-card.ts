import type { Database } from '../database/database.js';

const DERIVED_ENTRIES = 30;

/**
 * A peer card as shown: the entries written with set_peer_card first, as written, then the
 * entries derived from observations (newest first) whose label ("Lives in", "Name") no written
 * entry already has. Null when there are none.
 */
export async function readPeerCard(
  db: Database,
  workspace: string,
  pair: { observer: string; observed: string },
): Promise<string[] | null> {
  const [row] = await db.query<{ written: string[] | null; derived: string[] }>(
    `SELECT (SELECT card FROM peer_cards WHERE workspace_id = $1 AND observer_id = $2 AND observed_id = $3) AS written,
       coalesce((SELECT json_agg(d.entry ORDER BY d.newest DESC) FROM (
         SELECT card_entry AS entry, max(seq) AS newest FROM observations
         WHERE workspace_id = $1 AND observer_id = $2 AND observed_id = $3
           AND card_entry IS NOT NULL AND superseded_by IS NULL
         GROUP BY card_entry ORDER BY max(seq) DESC LIMIT ${DERIVED_ENTRIES}) d), '[]'::json) AS derived`,
    [workspace, pair.observer, pair.observed],
  );
  const written = row?.written ?? [];
  const labels = new Set(written.map(labelOf).filter((label) => label !== undefined));
  const derived = (row?.derived ?? []).filter((entry) => {
    const label = labelOf(entry);
    return label === undefined || !labels.has(label);
  });
  const card = [...new Set([...written, ...derived])];
  return card.length > 0 ? card : null;
}

function labelOf(entry: string): string | undefined {
  const match = /^([^:]{1,40}):/.exec(entry);
  return match?.[1]?.trim().toLowerCase();
}
