import type { AnswerRequest } from '../../reasoner.js';
import { namedKind, namedThing } from '../named-thing.js';
import type { Question } from '../read-question.js';
import { saysMore } from './asked-words.js';
import { afterVerb, CLAUSE_DASH, verbObject } from './verb-object.js';

const BY_MEANS = /\bby [a-z]+ing\b[^.;!?]*/i;

/**
 * The answer to a question asking for a thing. Evidence that names the kind of thing asked ("a
 * service-focused online group", or "a spaniel puppy" for "what kind of pet?"), or that holds the question's verb with its object, answers;
 * the best evidence's sentence is the answer only when none does. An object that only repeats
 * the question ("What does she do to keep busy?" of "...painting to keep busy") leaves the rest
 * of the sentence to answer.
 */
export function thingSpan(text: string, question: Question, request: AnswerRequest): string | null {
  const named =
    question.head === null
      ? null
      : (namedThing(text, question.head) ?? namedKind(text, question.head, question.asksMany));
  if (named !== null) return named;
  // "How does she stay confident?" of "...by reminding myself of my successes": the means.
  const means = /^how\b/i.test(request.question) ? BY_MEANS.exec(text)?.[0] : undefined;
  if (means) return means.split(CLAUSE_DASH)[0] ?? means;
  const object = verbObject(text, question);
  if (object !== null && saysMore(object, question, request) === null)
    return afterVerb(text, { ...question, verbs: [] }, request);
  return object;
}
