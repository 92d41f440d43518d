import { z } from 'zod';
import { Id } from './common.js';

export const DeriverStatusInput = z.strictObject({
  session: Id.optional().describe('Only the work queued for this session.'),
});
export type DeriverStatusInput = z.infer<typeof DeriverStatusInput>;

export const DeriverStatusOutput = z.object({
  pending: z.number().int().describe('Batches of messages waiting to be learned from.'),
  in_progress: z.number().int().describe('Batches being learned from now.'),
  done: z.number().int().describe('Batches learned from.'),
  failed: z.number().int().describe('Batches given up on after their retries.'),
  failures: z
    .array(
      z.object({
        session: z.string(),
        attempts: z.number().int(),
        error: z.string(),
        status: z.enum(['pending', 'failed']).describe('pending: will be retried; failed: given up.'),
      }),
    )
    .describe('The latest errors, newest first.'),
  observations: z.number().int().describe('Observations learned so far.'),
  not_learned: z
    .object({
      count: z.number().int().describe('Messages stored and searchable that nothing was learned from.'),
      reasons: z
        .object({
          language: z
            .number()
            .int()
            .describe(
              'Not in English: the offline reasoner reads English only (a model reads any language).',
            ),
        })
        .describe('How many for each reason.'),
    })
    .optional()
    .describe(
      'Messages the reasoner could not learn from, and why; absent when an upstream memory does not say.',
    ),
  reasoner: z
    .string()
    .describe(
      'What learns: offline, or the model used (llm:<model>), as reported by the deriver that learns (this server, or a `peermem worker` on the same database; several joined by ", "). With none running, the last one that ran; before any has, this server\'s own.',
    ),
  embedding_model: z.string().describe('The embedding model of semantic search.'),
  learning_thread: z
    .enum(['worker', 'main', 'none'])
    .describe(
      'Where this server learns: worker (a thread of its own, off the one answering requests), main (the thread answering requests), none (a separate `peermem worker` learns).',
    ),
  vector_search: z
    .enum(['pgvector', 'in-memory'])
    .describe('How semantic search finds the nearest vectors: the pgvector extension, or in memory.'),
});
export type DeriverStatusOutput = z.infer<typeof DeriverStatusOutput>;
