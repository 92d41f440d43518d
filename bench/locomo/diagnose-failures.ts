import { type CategoryMeans, meansByCategory } from './category-means.js';
import type { AnswerOutcome } from './evaluate-answers.js';
import type { Question } from './load-locomo.js';

/** The messages chat reads at 'low': the top of the same search (src/engine/operations/chat.ts). */
const CHAT_LOW_MESSAGES = 10;
const FAILED_BELOW = 0.5;

/**
 * Where a wrong answer went wrong: of the questions answered at 'low' with F1 below 0.5, the
 * share whose evidence was among the messages chat read (the answer was there, the extraction
 * missed it) rather than not retrieved at all. Questions without evidence are left out.
 */
export function failedWithEvidenceRead(
  outcomes: readonly AnswerOutcome[],
  rankings: ReadonlyMap<Question, readonly string[]>,
): CategoryMeans {
  return meansByCategory(
    outcomes.flatMap(({ question, f1 }) => {
      const ranked = rankings.get(question);
      if (!ranked || f1.low === null || f1.low >= FAILED_BELOW) return [];
      const read = ranked.slice(0, CHAT_LOW_MESSAGES).some((id) => question.evidence.includes(id));
      return [{ category: question.category, value: read ? 1 : 0 }];
    }),
  );
}
