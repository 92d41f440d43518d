import type { AnswerRequest } from '../../reasoner.js';
import { nlp } from '../nlp.js';
import type { Question } from '../read-question.js';
import { escapeRegExp } from './escape-reg-exp.js';
import { afterVerb } from './verb-object.js';

// A title names a person whole: "Dr. Amara Singh", "Mrs Patel".
const TITLED = /\b(?:Dr|Mr|Mrs|Ms|Prof)\.? [A-Z][\w'-]*(?: [A-Z][\w'-]*){0,2}/;

// A name given: "a dog named Biscuit", "they called her Anya", "his name is Theo".
const NAME_GIVEN = /\b(?:named|called|name is|name's)(?: (?:her|him|it|them))? ([A-Z][\w'-]+)/;

/** "St. John's Rd.": a street or church named after a saint, no person. */
function afterSaint(text: string, name: string): boolean {
  return new RegExp(String.raw`\bSt\.? ${escapeRegExp(name)}`).test(text);
}

/**
 * The answer to "who?" or "what is the name of…?": the first person the text names other than
 * the peers asked of, or a name given ("a dog named Biscuit"). "Who?" without a name is
 * answered by whom it was done with, or the words after the question's verb; a name, by nothing.
 */
export function personSpan(text: string, question: Question, request: AnswerRequest): string | null {
  const names = new Set([request.peer, request.about].map((name) => name.toLowerCase()));
  // "What is the name of Zuza's flatmate?": Zuza is whom it asks about, not the answer.
  const asked = (name: string) =>
    new RegExp(`(?<![\\p{L}])${escapeRegExp(name)}(?![\\p{L}])`, 'iu').test(request.question);
  const titled = TITLED.exec(text)?.[0].replace(/'s$/, '');
  if (titled && !names.has(titled.replace(/^\S+ /, '').toLowerCase()) && !asked(titled)) return titled;
  // A name given ("they named her Anya") answers "what is the name of…?" before anyone mentioned.
  const named = NAME_GIVEN.exec(text)?.[1];
  if (named && question.kind === 'name' && !asked(named)) return named;
  const people = (nlp(text).people().out('array') as string[])
    .map((name) => name.replace(/[.,!']s?$/, '').replace(/^(?:[a-z]+ )+/, ''))
    .filter(
      (name) => name !== '' && !names.has(name.toLowerCase()) && !asked(name) && !afterSaint(text, name),
    );
  if (people[0]) return people[0];
  if (named && !asked(named)) return named;
  if (question.kind === 'name') return null;
  return (
    /\bwith ((?:[\w']+ ){0,3}[\w']+?)(?=[.,;!?]| (?:in|on|at|for|last|this|next|and|but)\b|$)/.exec(
      text,
    )?.[1] ?? afterVerb(text, question, request)
  );
}
