import type { Database } from '../database/database.js';
import type { SearchScope } from './full-text-ranks.js';
import { querySlots, slotTense } from './query-slots.js';

const CURRENT = { current: true, replaced: false, any: null } as const;

/**
 * Message seqs ranked by the slot facts drawn from them, for a query that asks about a fact with
 * one value at a time: "where does alice live" finds "my wife and I moved to Porto" through the
 * `lives_in` fact it taught, however the message said it, and above "we saw a live concert",
 * which only shares a word form. A query in the present ("where does she live") ranks the current
 * value alone, one asking of before the values it replaced; any other the current value first,
 * then those it replaced, newest first.
 */
export async function slotRanks(
  db: Database,
  workspace: string,
  query: string,
  scope: SearchScope,
  limit: number,
): Promise<string[]> {
  const slots = querySlots(query);
  if (slots.length === 0) return [];
  const rows = await db.query<{ seq: string }>(
    `WITH facts AS (
       SELECT o.source_message_ids, o.superseded_by IS NULL AS current, o.seq FROM observations o
       WHERE o.workspace_id = $1 AND o.observer_id = o.observed_id AND o.slot = ANY($2::text[])
         AND ($3::text IS NULL OR o.session_id = $3::text) AND ($4::text IS NULL OR o.observed_id = $4::text)
         AND ($6::boolean IS NULL OR (o.superseded_by IS NULL) = $6::boolean)
         -- The same value said again ("we moved to Porto because...") replaced no earlier one.
         AND ($6::boolean IS DISTINCT FROM false OR NOT EXISTS (
           SELECT 1 FROM observations c
           WHERE c.workspace_id = o.workspace_id AND c.observer_id = o.observer_id AND c.observed_id = o.observed_id
             AND c.slot = o.slot AND c.superseded_by IS NULL AND c.card_entry = o.card_entry))
       ORDER BY current DESC, o.seq DESC LIMIT $5::int
     )
     SELECT m.seq::text AS seq FROM facts
       CROSS JOIN LATERAL jsonb_array_elements_text(facts.source_message_ids) AS source (id)
       JOIN messages m ON m.id = source.id AND m.workspace_id = $1
     ORDER BY facts.current DESC, facts.seq DESC`,
    [workspace, slots, scope.session ?? null, scope.peer ?? null, limit, CURRENT[slotTense(query)]],
  );
  return [...new Set(rows.map((row) => row.seq))];
}
