import type { AnswerRequest } from '../../reasoner.js';
import { nlp } from '../nlp.js';
import type { Question } from '../read-question.js';
import { saysMore } from './asked-words.js';

/**
 * The answer to "where?": the first place the text names that the question did not ("What
 * country is her grandma from?" of "...in her home country, Sweden": not "country"), else the
 * phrase after "at", "in", "to" or "near", whose "St." or "Mt." does not end it.
 */
export function placeSpan(text: string, question: Question, request: AnswerRequest): string | null {
  return (
    (nlp(text).places().out('array') as string[])
      .map((place) => place.replace(/[.,!]$/, ''))
      // compromise reads "St." of "St. Thomas' Hospital" as a place of its own.
      .filter((place) => !/^(?:St|Mt|Ft)$/.test(place))
      .find((place) => saysMore(place, question, request) !== null) ??
    /\b(?:at|in|to|near) ((?:the |a |an )?(?:(?:St|Mt|Ft)\. |[\p{L}\d' -]){2,40}?)(?=[.,;!?]| (?:in|on|with|for|last|this|next|when|and|but)\b|$)/u.exec(
      text,
    )?.[1] ??
    null
  );
}
