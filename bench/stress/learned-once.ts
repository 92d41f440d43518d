import type { Database } from '../../src/engine/database/database.js';

/**
 * What a crash may break in learning, counted in SQL over one workspace. Each count must be 0
 * once the queue is drained:
 * - `duplicateFacts`: one fact (observer, observed, fact key) stored as two observations;
 * - `doubleCitations`: one observation citing the same message twice (counted twice towards it);
 * - `learnedTwice`: a message inside the ranges of two finished tasks (its learning applied twice);
 * - `unlearned`: a stored message that no finished task covers (a task lost with a process);
 * - `open` and `failed`: tasks still queued, claimed or given up on.
 */
export type LearnedOnce = {
  messages: number;
  observations: number;
  duplicateFacts: number;
  doubleCitations: number;
  learnedTwice: number;
  unlearned: number;
  open: number;
  failed: number;
};

export async function checkLearnedOnce(db: Database, workspace: string): Promise<LearnedOnce> {
  const [row] = await db.query<LearnedOnce>(
    `SELECT
       (SELECT count(*)::int FROM messages WHERE workspace_id = $1) AS messages,
       (SELECT count(*)::int FROM observations WHERE workspace_id = $1) AS observations,
       (SELECT coalesce(sum(n - 1), 0)::int FROM (
          SELECT count(*) AS n FROM observations WHERE workspace_id = $1
          GROUP BY observer_id, observed_id, fact_key HAVING count(*) > 1) d) AS "duplicateFacts",
       (SELECT count(*)::int FROM observations o WHERE o.workspace_id = $1
          AND jsonb_array_length(o.source_message_ids) >
              (SELECT count(DISTINCT s) FROM jsonb_array_elements_text(o.source_message_ids) s)) AS "doubleCitations",
       (SELECT count(*)::int FROM messages m WHERE m.workspace_id = $1 AND (
          SELECT count(*) FROM derivation_tasks t WHERE t.workspace_id = m.workspace_id
            AND t.session_id = m.session_id AND t.status = 'done' AND m.seq BETWEEN t.first_seq AND t.last_seq) > 1)
         AS "learnedTwice",
       (SELECT count(*)::int FROM messages m WHERE m.workspace_id = $1 AND NOT EXISTS (
          SELECT 1 FROM derivation_tasks t WHERE t.workspace_id = m.workspace_id
            AND t.session_id = m.session_id AND t.status = 'done' AND m.seq BETWEEN t.first_seq AND t.last_seq))
         AS unlearned,
       (SELECT count(*)::int FROM derivation_tasks WHERE workspace_id = $1 AND status IN ('pending', 'in_progress')) AS open,
       (SELECT count(*)::int FROM derivation_tasks WHERE workspace_id = $1 AND status = 'failed') AS failed`,
    [workspace],
  );
  if (!row) throw new Error('the learned-once query returned no row');
  return row;
}
