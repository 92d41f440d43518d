import { queryDates } from '../../../text/query-dates.js';
import type { AnswerRequest } from '../../reasoner.js';
import type { Question } from '../read-question.js';
import type { Evidence } from './evidence.js';
import { extractSpan } from './extract-span.js';
import { ASKS_OF_CALLING_OFF, CALLED_OFF } from './plan-answer.js';
import { saidDate } from './time-span.js';

// A date said in words ("last Friday") answers "when?" before the day a message was written,
// from evidence that fits up to this much less than the best.
const SAID_DATE_SLACK = 1;
// A reason said as one: evidence that gives it comes before evidence that merely shares words.
const STATED_REASON = /\b(?:because|so that|due to|in order to)\b/i;

// "When is…?", "when does…?": when a thing is now to be, not when it was first said to be.
const ASKS_WHEN_NOW = /^(?:when|what (?:date|day|time)) (?:is|are|does|do|will)\b/i;

/**
 * The candidates with those first that hold the answer in the form asked: a reason stated as
 * one, a person's name, a date said in words ("last Friday", resolved) by evidence that fits
 * nearly as well as the best, where other evidence gives only the day it was written.
 */
export function preferredFirst(
  candidates: Evidence[],
  question: Question,
  best: Evidence,
  request: AnswerRequest,
): Evidence[] {
  // "Why was the Lisbon trip cancelled?" of "Lisbon is off, Marta broke her ankle": the evidence
  // that calls the plan off tells why, not the plan made earlier.
  const asksWhyOff = question.kind === 'reason' && ASKS_OF_CALLING_OFF.test(request.question);
  // The date each candidate says, read once: resolving it parses the sentence.
  const dates = question.kind === 'time' ? candidates.map((evidence) => saidDate(evidence)) : [];
  const preferred =
    question.kind === 'reason'
      ? (evidence: Evidence) =>
          STATED_REASON.test(evidence.text) || (asksWhyOff && CALLED_OFF.test(evidence.text))
      : question.kind === 'person'
        ? (evidence: Evidence) => extractSpan({ ...question, kind: 'name' }, evidence, request) !== null
        : question.kind === 'time'
          ? (evidence: Evidence, at: number) =>
              evidence.fit >= best.fit - SAID_DATE_SLACK && (dates[at] ?? null) !== null
          : null;
  if (preferred === null) return candidates;
  const first = candidates.map(preferred);
  // "When is completion?" of "completion is 15 August" and, later, "completion got pushed to 22
  // August": of dates that fit as well, the one told last is the one that now holds, when it lies
  // ahead of its telling ("we went camping a few weeks ago" tells no new date of a plan).
  const latestFirst = question.kind === 'time' && ASKS_WHEN_NOW.test(request.question);
  const told = (evidence: Evidence, at: number) =>
    latestFirst && evidence.fit === best.fit && saidAhead(evidence, dates[at] ?? null)
      ? Date.parse(evidence.occurredAt ?? '') || 0
      : 0;
  return candidates
    .map((evidence, at) => ({ evidence, first: first[at], told: first[at] ? told(evidence, at) : 0 }))
    .sort((a, b) => Number(b.first) - Number(a.first) || b.told - a.told)
    .map(({ evidence }) => evidence);
}

/** Whether the date evidence says lies on or after the day it was told. */
function saidAhead(evidence: Evidence, date: string | null): boolean {
  const told = Date.parse(evidence.occurredAt ?? '');
  const days = queryDates(date ?? '');
  return !Number.isNaN(told) && days !== null && days.to.getTime() >= told;
}
