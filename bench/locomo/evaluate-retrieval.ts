import { performance } from 'node:perf_hooks';
import { type Latency, summarize } from '../measure-latency.js';
import { type CategoryMeans, meansByCategory } from './category-means.js';
import type { IngestedConversation } from './ingest-conversation.js';
import type { Question } from './load-locomo.js';

/** The turns (dia_ids) a retriever returns for a question, best first. */
export type Retriever = (conversation: IngestedConversation, question: Question) => Promise<string[]>;

export type RetrievalScores = {
  recallAt5: CategoryMeans;
  recallAt10: CategoryMeans;
  mrr: CategoryMeans;
  /** The top 10 of each question scored. */
  rankings: Map<Question, string[]>;
  latency: Latency;
};

export const RETRIEVAL_DEPTH = 10;

/**
 * Recall@5, Recall@10 (the share of a question's evidence turns in the top k, averaged over
 * questions) and MRR (of the first evidence turn in the top 10) for the questions of
 * categories 1-4 that have evidence.
 */
export async function evaluateRetrieval(
  conversations: readonly IngestedConversation[],
  retrieve: Retriever,
): Promise<RetrievalScores> {
  const recallAt5: { category: Question['category']; value: number }[] = [];
  const recallAt10: typeof recallAt5 = [];
  const mrr: typeof recallAt5 = [];
  const rankings = new Map<Question, string[]>();
  const samples: number[] = [];
  const started = performance.now();
  for (const conversation of conversations) {
    for (const question of conversation.conversation.questions) {
      if (question.category === 5 || question.evidence.length === 0) continue;
      const before = performance.now();
      const ranked = (await retrieve(conversation, question)).slice(0, RETRIEVAL_DEPTH);
      samples.push(performance.now() - before);
      rankings.set(question, ranked);
      const evidence = new Set(question.evidence);
      const found = (k: number) => ranked.slice(0, k).filter((id) => evidence.has(id)).length;
      const first = ranked.findIndex((id) => evidence.has(id));
      recallAt5.push({ category: question.category, value: found(5) / evidence.size });
      recallAt10.push({ category: question.category, value: found(10) / evidence.size });
      mrr.push({ category: question.category, value: first < 0 ? 0 : 1 / (first + 1) });
    }
  }
  return {
    recallAt5: meansByCategory(recallAt5),
    recallAt10: meansByCategory(recallAt10),
    mrr: meansByCategory(mrr),
    rankings,
    latency: summarize(samples, performance.now() - started),
  };
}
