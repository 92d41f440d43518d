import type { AnswerRequest } from '../../reasoner.js';
import type { Question } from '../read-question.js';
import { lemmaWords } from '../verb-lemmas.js';

/** The words a question and the peers it names already say: an answer says something else. */
export function askedWords(question: Question, request: AnswerRequest): Set<string> {
  return new Set([...question.words, ...lemmaWords(request.about), ...lemmaWords(request.peer), 'other']);
}

/**
 * The span, when it says something the question did not: "why did she join a church?" is not
 * answered by "a nearby church".
 */
export function saysMore(span: string | null, question: Question, request: AnswerRequest): string | null {
  if (span === null) return null;
  const asked = new Set([...question.words, ...lemmaWords(request.about)]);
  return lemmaWords(span).some((word) => !asked.has(word)) ? span : null;
}
