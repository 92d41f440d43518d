import type { Database } from '../database/database.js';
import type { DerivationTask } from './derivation-task.js';

/** A task of one message, split from a task of several. */
export type MessageTask = DerivationTask & { message_id: string };

/**
 * Splits a task into one task per message, in one statement: the task keeps its first message,
 * and a new task, claimed by the same worker, takes each other one. Each can then be learned and
 * written, or fail, on its own. Only while the claim is still the worker's: returns the tasks in
 * message order, or none.
 */
export async function splitTask(db: Database, task: DerivationTask): Promise<MessageTask[]> {
  return db.query<MessageTask>(
    `WITH parts AS (
       SELECT m.seq, m.id AS message_id, row_number() OVER (ORDER BY m.seq) AS n
       FROM messages m
       WHERE m.workspace_id = $3 AND m.session_id = $4 AND m.seq BETWEEN $5::bigint AND $6::bigint
     ),
     kept AS (
       UPDATE derivation_tasks t SET first_seq = p.seq, last_seq = p.seq FROM parts p
       WHERE t.id = $1::bigint AND t.claim_token = $2 AND t.status = 'in_progress' AND p.n = 1
       RETURNING t.id, t.workspace_id, t.session_id, t.first_seq, t.last_seq, t.attempts, t.claim_token
     ),
     added AS (
       INSERT INTO derivation_tasks (workspace_id, session_id, kind, first_seq, last_seq, status, attempts,
                                     claim_token, claimed_at)
       SELECT $3, $4, 'observe', p.seq, p.seq, 'in_progress', $7::int, $2, now() FROM parts p
       WHERE p.n > 1 AND EXISTS (SELECT 1 FROM kept)
       ORDER BY p.seq
       RETURNING id, workspace_id, session_id, first_seq, last_seq, attempts, claim_token
     )
     SELECT t.id::text, t.workspace_id, t.session_id, t.first_seq::text, t.last_seq::text, t.attempts,
            t.claim_token, p.message_id
     FROM (SELECT * FROM kept UNION ALL SELECT * FROM added) t JOIN parts p ON p.seq = t.first_seq
     ORDER BY t.first_seq`,
    [
      task.id,
      task.claim_token,
      task.workspace_id,
      task.session_id,
      task.first_seq,
      task.last_seq,
      task.attempts,
    ],
  );
}
