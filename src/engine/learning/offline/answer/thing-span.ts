import type { AnswerRequest } from '../../reasoner.js';
import { namedKind, namedThing } from '../named-thing.js';
import type { Question } from '../read-question.js';
import { lemmaWords } from '../verb-lemmas.js';
import { saysMore } from './asked-words.js';
import { afterVerb, CLAUSE_DASH, verbObject } from './verb-object.js';

const BY_MEANS = /\bby [a-z]+ing\b[^.;!?]*/i;

/**
 * The answer to a question asking for a thing. Evidence that names the kind of thing asked ("a
 * service-focused online group", or "a spaniel puppy" for "what kind of pet?"), or that holds the
 * question's verb with its object, answers; else what one of the question's nouns is said to be
 * ("the frontend is Next.js 14"); the best evidence's sentence is the answer only when none does.
 * An object that only repeats the question ("What does she do to keep busy?" of "...painting to
 * keep busy") leaves the rest of the sentence to answer.
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
  return object ?? saidToBe(text, question, request);
}

// "The shop frontend is Next.js 14 and we host it on Vercel": what a noun is said to be, to the
// end of its clause.
const IS_SAID =
  /^(?:is|are|=|:) ((?:(?!and\b|but\b|so\b|with\b|because\b)[^\s,;.!?]+(?:\.[^\s,;!?]+)* ?){1,4})/i;

/**
 * "What framework is the frontend built with?" of "the shop frontend is Next.js 14": evidence
 * that holds none of the question's verbs may say what one of its nouns is; that answers a
 * question about things, one that names nobody.
 */
function saidToBe(text: string, question: Question, request: AnswerRequest): string | null {
  // A question that names someone ("what is Zuza going to study?" of "Zuza is home for the
  // weekend") asks what they do, which what a noun is said to be does not tell.
  if (/(?<=\s)\p{Lu}/u.test(request.question)) return null;
  const anchors = new Set(question.anchors);
  const words = text.split(/\s+/);
  for (const [at, word] of words.entries()) {
    if (/[,;.!?]$/.test(word) || !lemmaWords(word).some((stem) => anchors.has(stem))) continue;
    const value = IS_SAID.exec(words.slice(at + 1).join(' '))?.[1]?.trim();
    if (value && saysMore(value, question, request) !== null) return value;
  }
  return null;
}
