import type { Question } from '../read-question.js';
import { type Evidence, sentencesBeside, withoutSpeaker } from './evidence.js';

// Works people call by their title: "what book…?", "which song…?", "her favourite film".
const WORK = '(?:book|novel|song|track|album|movie|film|show|series|poem|play|podcast)s?';
const ASKS_WORK = new RegExp(
  String.raw`^(?:what|which)(?: (?:kinds?|types?|sorts?) of)? (?:[a-z'-]+ ){0,2}?${WORK}\b|\bfavou?rite ${WORK}\b`,
  'i',
);
// A title in double quotes, with who made it when said ("Brave" by Sara Bareilles).
const QUOTED_TITLE =
  /["“]([^"“”\n]{2,80}?)[,.]?["”](?: by ((?:\p{Lu}[\p{L}.'-]*)(?: \p{Lu}[\p{L}.'-]*){0,3}))?/gu;

/**
 * "What book did Caroline recommend?" of "I loved "Becoming Nicole" by Amy Ellis Nutt. …
 * Highly recommend it for sure!": a question asking for a book, a song, a film or a show is
 * answered with the title quoted in the evidence or in a sentence beside it, where people name
 * the work before they say what they think of it. A title the question quotes itself is what it
 * asks about, not the answer.
 */
export function titledWork(question: Question, evidence: Evidence, asked: string): string | null {
  if (!asksForWork(question, asked)) return null;
  for (const sentence of [withoutSpeaker(evidence), ...sentencesBeside(evidence)]) {
    const title = quotedTitle(sentence, asked);
    if (title !== undefined) return title;
  }
  return null;
}

function asksForWork(question: Question, asked: string): boolean {
  return (question.kind === 'thing' || question.kind === 'name') && ASKS_WORK.test(asked);
}

/** The first title quoted in a sentence that the question does not quote itself, with its maker. */
function quotedTitle(sentence: string, asked: string): string | undefined {
  for (const [, title, maker] of sentence.matchAll(QUOTED_TITLE)) {
    if (title === undefined || asked.toLowerCase().includes(title.toLowerCase())) continue;
    return maker ? `${title} by ${withoutFullStop(maker)}` : title;
  }
  return undefined;
}

/** "Amy Ellis Nutt." at the end of a sentence, but "J.K." kept. */
function withoutFullStop(name: string): string {
  return /\p{L}{2}\.$/u.test(name) ? name.slice(0, -1) : name;
}
