import { writeFile } from 'node:fs/promises';
import type { AnswerOutcome } from './evaluate-answers.js';
import type { Question } from './load-locomo.js';

/** Every question's outcome as one JSON line: what to read when a score needs explaining. */
export async function writeDetails(
  path: string,
  outcomes: readonly AnswerOutcome[],
  rankings: {
    service: ReadonlyMap<Question, readonly string[]>;
    bm25: ReadonlyMap<Question, readonly string[]>;
  },
): Promise<void> {
  const lines = outcomes.map(({ conversation, question, peer, answers, f1 }) =>
    JSON.stringify({
      conversation,
      category: question.category,
      question: question.question,
      gold: question.answer,
      evidence: question.evidence,
      searched: rankings.service.get(question) ?? null,
      bm25: rankings.bm25.get(question) ?? null,
      peer,
      answers,
      f1,
    }),
  );
  await writeFile(path, `${lines.join('\n')}\n`);
}
