import { MONTHS, WEEKDAYS } from '../../../text/calendar-words.js';
import { formatDay } from '../../../text/format-day.js';
import type { Question } from '../read-question.js';
import { resolveDates } from '../resolve-dates.js';
import { type Evidence, withoutSpeaker } from './evidence.js';

const MONTH = MONTHS.join('|');
const MONTH_NAME = new RegExp(MONTH);
const WEEKDAY = WEEKDAYS.join('|');

/** A date as evidence says it: "7 May 2023", "the week before 9 June 2023", "summer 2022", "in 2021". */
export const DATE_PHRASE = new RegExp(
  String.raw`\b(?:[Tt]he (?:week|weekend|month) (?:before|after) )?(?:(?:${WEEKDAY}) )?\d{1,2} (?:${MONTH}) \d{4}|\b(?:spring|summer|autumn|fall|winter) (?:19|20)\d{2}\b|\b(?:in )?(?:(?:${MONTH}) )?(?:19|20)\d{2}\b`,
);

/**
 * The answer to "when?" from one piece of evidence: the date it says in words, else the day it
 * was said; for "which year?" or "which month?", that part of it.
 */
export function timeSpan(question: Question, evidence: Evidence): string | null {
  const day = saidDate(evidence) ?? (evidence.occurredAt ? formatDay(new Date(evidence.occurredAt)) : null);
  return day === null ? null : inUnit(day, question.timeUnit);
}

/**
 * The date a piece of evidence says in words: an observation's, or a message's with what it
 * said relative to its day ("last Saturday") resolved. Null when it says none.
 */
export function saidDate(evidence: Evidence): string | null {
  const said = withoutSpeaker(evidence);
  const dated =
    evidence.speaker !== null && evidence.occurredAt ? resolveDates(said, evidence.occurredAt).text : said;
  return DATE_PHRASE.exec(dated)?.[0]?.replace(/^in /, '') ?? null;
}

/** "Which year?" is answered by the year of a date, "which month?" by its month and year. */
function inUnit(date: string, unit: Question['timeUnit']): string {
  if (unit === null) return date;
  const year = /\b(?:19|20)\d{2}\b/.exec(date)?.[0];
  const month = MONTH_NAME.exec(date)?.[0];
  if (unit === 'year') return year ?? date;
  return month && year ? `${month} ${year}` : date;
}
