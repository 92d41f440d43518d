import { MONTHS, WEEKDAYS } from '../../../text/calendar-words.js';
import type { AnswerRequest } from '../../reasoner.js';
import type { Question } from '../read-question.js';
import { lemmaWords } from '../verb-lemmas.js';
import { saysMore } from './asked-words.js';
import { reasonBeside } from './reason-beside.js';
import { afterVerb, CLAUSE_DASH } from './verb-object.js';

const REASON =
  /\b(?:because(?: of)?|so that|due to|owing to|caused by|in order to) ([^.;!?]+)|\bto ((?!the\b|a\b|an\b)[a-z][^.;!?,]+)|\bfor (?:the |a |an |my |his |her )?([^.;!?,]+)/g;

// "We ditched Elasticsearch for Meilisearch": what a thing was left for is no reason it was left.
const SWAPPED_FOR =
  /\b(?:ditched|dropped|swapped(?: out)?|traded|dumped|replaced|abandoned) [\w.'+#-]+(?: [\w.'+#-]+)? for [\w.'+#-]+/gi;

// "Freeze my membership for 2 months": how long a thing is done for is no reason it is done.
const LENGTH_OF_TIME =
  /^(?:\d+|a|an|one|two|three|four|five|six|a few|a couple of|several)\s+(?:more\s+)?(?:minute|hour|day|night|week|weekend|month|year)s?\b|^(?:now|ever|good|a while|ages|years|months|weeks|days|the (?:time being|rest of))\b/i;

// "We booked a week in Crete for July": when a thing is done for is no reason either.
const POINT_IN_TIME = new RegExp(
  String.raw`^(?:(?:next|this|last)\s+)?(?:${[...MONTHS, ...WEEKDAYS].join('|')}|weekend|week|month|year|summer|winter|spring|autumn|christmas|easter|new year|tonight|tomorrow|today|\d{1,2}(?:st|nd|rd|th))\b`,
  'i',
);

/**
 * The answer to "why?": what follows "because", "so that", "to" or "for", up to a dash ("for
 * mental health - I'm so proud of you"); when the sentence gives no reason, the clause or
 * sentence said beside it in its `message` ({@link reasonBeside}), else the words after the question's verb; null
 * when it only repeats the question.
 */
export function reasonSpan(
  text: string,
  message: string | undefined,
  question: Question,
  request: AnswerRequest,
): string | null {
  const stated = statedReason(text, question);
  if (stated !== undefined) return saysMore(stated.split(CLAUSE_DASH)[0]?.trim() ?? null, question, request);
  return (
    reasonBeside(text, message, question, request) ??
    saysMore(afterVerb(text, question, request), question, request)
  );
}

/**
 * The first reason the sentence states, undefined when it states none. "I need to freeze my
 * membership" tells the act asked of, not why: a "to" before the question's own verb is no
 * reason, and neither is a length of time or a point in time after "for".
 */
function statedReason(text: string, question: Question): string | undefined {
  for (const match of text.replace(SWAPPED_FOR, '').matchAll(REASON)) {
    const reason = match[1] ?? match[2] ?? match[3];
    if (reason === undefined) continue;
    if (match[2] !== undefined && question.verbs.includes(lemmaWords(reason)[0] ?? '')) continue;
    if (match[3] !== undefined && (LENGTH_OF_TIME.test(reason) || POINT_IN_TIME.test(reason))) continue;
    return reason;
  }
  return undefined;
}
