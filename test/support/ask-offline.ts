import { answerQuestion } from '../../src/engine/learning/offline/answer-question.js';
import type { AnswerRequest } from '../../src/engine/learning/reasoner.js';

/** The offline reasoner's answer at `low` to a question about `sam`, from these messages alone. */
export function askSam(question: string, messages: AnswerRequest['messages']): Promise<string | null> {
  return answerQuestion({
    question,
    peer: 'sam',
    about: 'sam',
    observations: [],
    slotFacts: [],
    messages,
    level: 'low',
  });
}
