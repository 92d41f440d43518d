import type { AnswerRequest } from '../../reasoner.js';
import type { Question } from '../read-question.js';
import { saysMore } from './asked-words.js';
import { afterVerb, CLAUSE_DASH } from './verb-object.js';

const REASON =
  /\b(?:because(?: of)?|so that|due to|in order to) ([^.;!?]+)|\bto ((?!the\b|a\b|an\b)[a-z][^.;!?,]+)|\bfor (?:the |a |an |my |his |her )?([^.;!?,]+)/;

// "We ditched Elasticsearch for Meilisearch": what a thing was left for is no reason it was left.
const SWAPPED_FOR =
  /\b(?:ditched|dropped|swapped(?: out)?|traded|dumped|replaced|abandoned) [\w.'+#-]+(?: [\w.'+#-]+)? for [\w.'+#-]+/gi;

/**
 * The answer to "why?": what follows "because", "so that", "to" or "for", up to a dash ("for
 * mental health - I'm so proud of you"), else the words after the question's verb; null when
 * it only repeats the question.
 */
export function reasonSpan(text: string, question: Question, request: AnswerRequest): string | null {
  const reason = REASON.exec(text.replace(SWAPPED_FOR, ''));
  return saysMore(
    (reason?.[1] ?? reason?.[2] ?? reason?.[3])?.split(CLAUSE_DASH)[0]?.trim() ??
      afterVerb(text, question, request),
    question,
    request,
  );
}
