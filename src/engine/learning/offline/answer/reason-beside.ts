import type { AnswerRequest } from '../../reasoner.js';
import type { Question } from '../read-question.js';
import { sentencePieces } from '../sentence-pieces.js';
import { lemmaWords } from '../verb-lemmas.js';
import { saysMore } from './asked-words.js';

// Where a sentence turns from one clause to the next: a comma, a semicolon or a dash.
const CLAUSE_BREAK = /\s*[,;]\s+|\s+[-–—]\s+/;
// Fewer words than this tell no reason: "hi again", "thanks so much".
const REASON_MIN_WORDS = 3;
// A greeting or thanks says nothing of why: "Hi Marta, …", "thanks for waiting".
const COURTESY = /^(?:hi|hello|hey|dear|thanks|thank you|sorry|ok|okay|sure)\b/i;
// What goes on from the act rather than giving its cause: "even though I lost last time", "which
// was stressful", "plus I can add…", "now I want to help".
const GOES_ON =
  /^(?:even|though|although|but|which|who|plus|and|so|then|while|if|when|now|also|anyway|still|yet|or)\b/i;

/**
 * A reason told beside the act rather than with a "because": "I need to freeze my membership,
 * tore a ligament in my knee", "we decided to cancel. Our company was acquired". People give the
 * act and its cause side by side: the clause after the one that tells the act, else the sentence
 * after it in the same message, else the one before ("I found your email that went unanswered.
 * I've made an exception."), read in `message`, the whole message the sentence is from (none
 * for an observation). Questions, greetings and what only repeats the question tell no
 * reason; undefined when nothing beside tells one.
 */
export function reasonBeside(
  text: string,
  message: string | undefined,
  question: Question,
  request: AnswerRequest,
): string | undefined {
  // The act is told with the question's verb: a sentence that only shares its nouns ("I passed the
  // adoption agency interviews" for "why did she choose the agency?") tells something else.
  const asked = new Set(question.verbs);
  const clauses = text.split(CLAUSE_BREAK);
  const act = clauses.findLastIndex((clause) => lemmaWords(clause).some((word) => asked.has(word)));
  const after = act < 0 ? [] : clauses.slice(act + 1);
  const sentences =
    message === undefined ? [] : [...sentencePieces(message)].map((sentence) => sentence.trim());
  const at = sentences.indexOf(text);
  const beside = at < 0 ? [] : [sentences[at + 1], sentences[at - 1]];
  for (const candidate of [...after, ...beside]) {
    if (candidate === undefined || !tellsReason(candidate)) continue;
    const reason = saysMore(candidate, question, request);
    if (reason !== null) return reason;
  }
  return undefined;
}

/** A clause or sentence that may tell why: no question, no courtesy, nothing that goes on from the act, long enough to say something. */
function tellsReason(text: string): boolean {
  return (
    !text.endsWith('?') &&
    !COURTESY.test(text) &&
    !GOES_ON.test(text) &&
    text.split(/\s+/).length >= REASON_MIN_WORDS
  );
}
