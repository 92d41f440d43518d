import { isoTimestamp } from '../columns.js';
import type { Database } from '../database/database.js';
import type { SlotFact } from '../learning/reasoner.js';

// Facts with one value at a time are few per peer (a city, a job, a status...), history included.
const SLOT_FACTS = 200;

/**
 * What `observer` knows of `observed` in slots, the facts with one current value ("Lives in:
 * Porto"), with the values they replaced: an answer to "where does she live now?" takes the
 * current one, and to "where did she live before?" the one it replaced.
 */
export async function recallSlotFacts(
  db: Database,
  workspace: string,
  pair: { observer: string; observed: string },
): Promise<SlotFact[]> {
  const rows = await db.query<{
    content: string;
    slot: string;
    card_entry: string | null;
    current: boolean;
    occurred_at: string | null;
  }>(
    `SELECT content, slot, card_entry, superseded_by IS NULL AS current, ${isoTimestamp('occurred_at')} AS occurred_at
     FROM observations
     WHERE workspace_id = $1 AND observer_id = $2 AND observed_id = $3 AND slot IS NOT NULL
     ORDER BY seq DESC LIMIT ${SLOT_FACTS}`,
    [workspace, pair.observer, pair.observed],
  );
  return rows.map((row) => ({
    content: row.content,
    slot: row.slot,
    cardEntry: row.card_entry,
    current: row.current,
    occurredAt: row.occurred_at,
  }));
}
