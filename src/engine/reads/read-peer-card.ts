import type { Database } from '../database/database.js';

const DERIVED_ENTRIES = 30;

/**
 * A peer card as shown. A card set by hand (set_peer_card) is the whole card: what was set, in
 * its order, where an entry changes only when learning from a message stored after the set gives
 * its label ("Lives in", "Name") a newer value, and entries learned from such messages under
 * other labels follow. Learning from messages that were there when the card was set never shows,
 * so an entry removed by the set comes back only with new evidence. A card never set is the
 * derived entries, newest first. Null when no card was set and nothing was learned; an empty
 * list for a card set empty.
 */
export async function readPeerCard(
  db: Database,
  workspace: string,
  pair: { observer: string; observed: string },
): Promise<string[] | null> {
  const [row] = await db.query<{ written: string[] | null; set_after: string | null; derived: string[] }>(
    `WITH card AS (
       SELECT card, set_after_message_seq FROM peer_cards
       WHERE workspace_id = $1 AND observer_id = $2 AND observed_id = $3
     )
     SELECT (SELECT card FROM card) AS written, (SELECT set_after_message_seq::text FROM card) AS set_after,
       coalesce((SELECT json_agg(d.entry ORDER BY d.newest DESC) FROM (
         SELECT o.card_entry AS entry, max(o.seq) AS newest FROM observations o
         WHERE o.workspace_id = $1 AND o.observer_id = $2 AND o.observed_id = $3
           AND o.card_entry IS NOT NULL AND o.superseded_by IS NULL
           -- Evidence newer than the set: a message it was learned from was stored after it. Its
           -- ids are looked up in the unique index one by one; a join here was planned as a hash of
           -- every message per observation (a card of 5,000 observations: 4.7 s on PGlite, now 57 ms).
           AND (NOT EXISTS (SELECT 1 FROM card WHERE set_after_message_seq IS NOT NULL)
                OR EXISTS (SELECT 1 FROM messages m
                           WHERE m.id = ANY (ARRAY(SELECT jsonb_array_elements_text(o.source_message_ids)))
                             AND m.seq > (SELECT set_after_message_seq FROM card)))
         GROUP BY o.card_entry ORDER BY max(o.seq) DESC LIMIT ${DERIVED_ENTRIES}) d), '[]'::json) AS derived`,
    [workspace, pair.observer, pair.observed],
  );
  const written = row?.written ?? null;
  const derived = row?.derived ?? [];
  if (written === null) return derived.length > 0 ? derived : null;
  const card = row?.set_after == null ? besideWritten(written, derived) : updatedBy(written, derived);
  return [...new Set(card)];
}

/** A set card with what was learned since: the newest entry of a label replaces the set one. */
function updatedBy(written: readonly string[], newer: readonly string[]): string[] {
  const newestByLabel = new Map<string, string>();
  for (const entry of newer) {
    const label = labelOf(entry);
    if (label !== undefined && !newestByLabel.has(label)) newestByLabel.set(label, entry);
  }
  const card = written.map((entry) => {
    const label = labelOf(entry);
    return (label === undefined ? undefined : newestByLabel.get(label)) ?? entry;
  });
  const labels = new Set(written.map(labelOf));
  const added = newer.filter((entry) => {
    const label = labelOf(entry);
    return label === undefined || (!labels.has(label) && newestByLabel.get(label) === entry);
  });
  return [...card, ...added];
}

/** A card set before sets were recorded: derived entries of the labels it does not write follow it. */
function besideWritten(written: readonly string[], derived: readonly string[]): string[] {
  const labels = new Set(written.map(labelOf).filter((label) => label !== undefined));
  return [
    ...written,
    ...derived.filter((entry) => {
      const label = labelOf(entry);
      return label === undefined || !labels.has(label);
    }),
  ];
}

function labelOf(entry: string): string | undefined {
  const match = /^([^:]{1,40}):/.exec(entry);
  return match?.[1]?.trim().toLowerCase();
}
