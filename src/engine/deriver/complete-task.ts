import { countTokens } from '../count-tokens.js';
import type { Database } from '../database/database.js';
import type { DerivationTask } from './derivation-task.js';
import type { Derivation } from './derive-task.js';

/**
 * Writes what a task taught and marks it done, in one statement: only while the claim is
 * still this worker's, so a task whose claim expired and was taken over is never written
 * twice, and a crash before this point leaves nothing half-written. Returns whether it wrote.
 */
export async function completeTask(
  db: Database,
  task: DerivationTask,
  derivation: Derivation,
): Promise<boolean> {
  const summaryTokens = await countTokens(derivation.summaries.map((summary) => summary.content));
  const summaries = derivation.summaries.map((summary, index) => ({
    ...summary,
    token_count: summaryTokens[index] ?? 0,
  }));
  const [row] = await db.query<{ completed: number }>(
    `WITH done AS (
       UPDATE derivation_tasks SET status = 'done', finished_at = now(), last_error = NULL, claim_token = NULL,
         finished_by = $2
       WHERE id = $1::bigint AND claim_token = $2 AND status = 'in_progress' RETURNING id
     ),
     embeddings AS (
       INSERT INTO message_embeddings (message_seq, workspace_id, model, embedding)
       SELECT e.seq, $3, e.model, decode(e.embedding, 'base64')
       FROM jsonb_to_recordset($5::jsonb) AS e(seq bigint, model text, embedding text)
       WHERE EXISTS (SELECT 1 FROM done)
       ON CONFLICT (message_seq) DO UPDATE SET model = EXCLUDED.model, embedding = EXCLUDED.embedding,
         position = nextval('message_embedding_positions')
     ),
     learned AS (
       INSERT INTO observations (id, workspace_id, observer_id, observed_id, session_id, content, fact_key, slot,
                                 card_entry, source_message_ids, occurred_at, embedding, embedding_model, superseded_by)
       SELECT o.id, $3, o.observer_id, o.observed_id, $4, o.content, o.fact_key, o.slot, o.card_entry,
              o.source_message_ids, o.occurred_at, decode(o.embedding, 'base64'), $9, o.superseded_by
       FROM jsonb_to_recordset($6::jsonb) AS o(id text, observer_id text, observed_id text, content text,
            fact_key text, slot text, card_entry text, source_message_ids jsonb, occurred_at timestamptz,
            embedding text, superseded_by text)
       WHERE EXISTS (SELECT 1 FROM done)
       ON CONFLICT (workspace_id, observer_id, observed_id, fact_key) DO UPDATE SET
         times_seen = observations.times_seen + 1,
         source_message_ids = observations.source_message_ids || EXCLUDED.source_message_ids,
         superseded_by = EXCLUDED.superseded_by,
         updated_at = now()
     ),
     superseded AS (
       UPDATE observations o SET superseded_by = s.superseded_by, updated_at = now()
       FROM jsonb_to_recordset($7::jsonb) AS s(id text, superseded_by text)
       WHERE o.id = s.id AND o.workspace_id = $3 AND EXISTS (SELECT 1 FROM done)
     ),
     summaries AS (
       INSERT INTO session_summaries (workspace_id, session_id, summary_type, content, message_id, token_count)
       SELECT $3, $4, s.summary_type, s.content, s.message_id, s.token_count
       FROM jsonb_to_recordset($8::jsonb) AS s(summary_type text, content text, message_id text, token_count int)
       WHERE EXISTS (SELECT 1 FROM done)
       ON CONFLICT (workspace_id, session_id, summary_type) DO UPDATE SET content = EXCLUDED.content,
         message_id = EXCLUDED.message_id, token_count = EXCLUDED.token_count, created_at = now()
     ),
     not_learned AS (
       INSERT INTO messages_not_learned (message_seq, workspace_id, session_id, reason)
       SELECT n.seq, $3, $4, n.reason FROM jsonb_to_recordset($10::jsonb) AS n(seq bigint, reason text)
       WHERE EXISTS (SELECT 1 FROM done)
       ON CONFLICT (message_seq) DO UPDATE SET reason = EXCLUDED.reason
     )
     SELECT count(*)::int AS completed FROM done`,
    [
      task.id,
      task.claim_token,
      task.workspace_id,
      task.session_id,
      JSON.stringify(derivation.messageEmbeddings),
      JSON.stringify(derivation.observations),
      JSON.stringify(derivation.supersede),
      JSON.stringify(summaries),
      derivation.embeddingModel,
      JSON.stringify(derivation.notLearned),
    ],
  );
  return (row?.completed ?? 0) > 0;
}
