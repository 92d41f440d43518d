import { CLAUSE_STOP } from '../../../text/clause-stop.js';
import { contentWords } from '../../../text/content-words.js';
import type { AnswerRequest } from '../../reasoner.js';
import { nlp } from '../nlp.js';
import { throughFirstNoun } from '../noun-phrases.js';
import type { Question } from '../read-question.js';
import { escapeRegExp } from './escape-reg-exp.js';

/** A dash ends a clause, and what is said in it: "for mental health - I'm so proud of you". */
export const CLAUSE_DASH = / [-–—] /;

// Where the object of a verb ends: a mark, a dash, or a full stop that ends a clause ("go to St.
// Anne's primary" goes on past "St.").
const CLAUSE_END = new RegExp(`${CLAUSE_STOP}|[,;!?]| [-–—] `, 'u');

// Answers people give are short: the object of the verb, not the rest of the sentence.
const MAX_ANSWER_WORDS = 8;

/**
 * The words that follow the question's own verb in the evidence ("researched adoption agencies"),
 * or else the sentence without its subject.
 */
export function afterVerb(sentence: string, question: Question, request: AnswerRequest): string {
  const subject = new RegExp(
    `^(${escapeRegExp(request.about)}|${escapeRegExp(request.peer)})(?:'s| and others)?\\s+`,
    'i',
  );
  return verbObject(sentence, question) ?? sentence.replace(subject, '').replace(/[.!]$/, '');
}

/** The words that follow the question's own verb in the sentence, or null when it does not hold the verb. */
export function verbObject(sentence: string, question: Question): string | null {
  if (question.verbs.length === 0) return null;
  // toInfinitive() rewrites its document: read the forms from one parse, the lemmas from another,
  // paired by position. A contraction's verb has no text ("dad's ok") until toInfinitive() writes
  // "be", and out('array') drops empty texts, so the forms are read with json() to keep their places.
  const forms = (nlp(sentence).verbs().json() as { text: string }[]).map((verb) => verb.text);
  const lemmas = (nlp(sentence).verbs().toInfinitive().json() as { text: string }[]).map((verb) =>
    contentWords(verb.text).join(' '),
  );
  for (const verb of question.verbs) {
    const index = lemmas.findIndex((form) => form.split(/\s+/).includes(verb));
    const found = index >= 0 ? forms[index] : undefined;
    const at = found ? sentence.indexOf(found) : -1;
    if (!found || at < 0) continue;
    const phrase = shorten(sentence.slice(at + found.length).split(CLAUSE_END)[0] ?? '');
    if (phrase) return question.asksWhat ? throughFirstNoun(phrase) : phrase;
  }
  return null;
}

function shorten(phrase: string): string {
  const words = phrase.trim().split(/\s+/).filter(Boolean);
  return words.slice(0, MAX_ANSWER_WORDS).join(' ');
}
