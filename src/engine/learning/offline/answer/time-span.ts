import { MONTHS, WEEKDAYS } from '../../../text/calendar-words.js';
import { formatDay } from '../../../text/format-day.js';
import { queryDates } from '../../../text/query-dates.js';
import { nlp } from '../nlp.js';
import type { Question } from '../read-question.js';
import { resolveDates, toldAsDone } from '../resolve-dates.js';
import { askedDate } from './asked-date.js';
import { type Evidence, SAID_RELATIVE_TO, sentencesBeside, withoutSpeaker } from './evidence.js';
import { clauseAt } from './parallel-clauses.js';
import { timeAhead } from './time-ahead.js';

const MONTH = MONTHS.join('|');
const MONTH_NAME = new RegExp(MONTH);
const WEEKDAY = WEEKDAYS.join('|');

/**
 * A date as evidence says it: "7 May 2023", "the week before 9 June 2023", "the week of 19 July
 * 2023", "a few years before 8 February 2023", "summer 2022", "in 2021".
 */
export const DATE_PHRASE = new RegExp(
  String.raw`\b${SAID_RELATIVE_TO}?(?:(?:${WEEKDAY}) )?\d{1,2} (?:${MONTH}) \d{4}|\b(?:spring|summer|autumn|fall|winter) (?:19|20)\d{2}\b|\b(?:in )?(?:(?:${MONTH}) )?(?:19|20)\d{2}\b`,
);

/**
 * The answer to "when?" from one piece of evidence: the date it says in words, else the day it
 * was said; for "which year?" or "which month?", that part of it.
 */
export function timeSpan(question: Question, evidence: Evidence): string | null {
  if (question.asksHour) {
    const hour = CLOCK_TIME.exec(withoutSpeaker(evidence))?.[0];
    // "Moved to 14 May at 9:30": a day said with the hour is part of when; "every Monday at
    // 9:30" says its days already.
    const date = hour && /^(?:at|around|by|\d)/i.test(hour) ? saidDate(evidence, question) : null;
    if (hour) return date ? `${date} ${/^\d/.test(hour) ? 'at ' : ''}${hour}` : hour;
  }
  const day =
    saidDate(evidence, question) ??
    timeAhead(withoutSpeaker(evidence), evidence.occurredAt) ??
    dateSaidBeside(evidence) ??
    (evidence.occurredAt ? formatDay(new Date(evidence.occurredAt)) : null);
  return day === null ? null : inUnit(day, question.timeUnit);
}

// A time of day, with the day or days it falls on when said before it: "at 2am UTC", "every
// Monday at 9:30", "on Fridays at 3pm", "Tuesday at 7am".
const CLOCK_TIME = new RegExp(
  String.raw`\b(?:(?:every|each|on) (?:[\w-]+ ){0,2}?|(?:${WEEKDAY})s?,? )?(?:at |around |by )?` +
    String.raw`(?:\d{1,2}(?::\d{2})? ?(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}|noon|midnight)(?: (?:UTC|GMT|CET|CEST|[A-Z]{2,4}T))?(?![\w:])`,
  'i',
);

/**
 * The date a piece of evidence says in words: an observation's, or a message's with what it
 * said relative to its day ("last Saturday") resolved; of several, the one the question asks of.
 * Null when it says none.
 */
export function saidDate(evidence: Evidence, question?: Question): string | null {
  const said = withoutSpeaker(evidence);
  const dated =
    evidence.speaker !== null && evidence.occurredAt ? resolveDates(said, evidence.occurredAt).text : said;
  const found = askedDate(dated, [...dated.matchAll(DATE_PHRASES)], question);
  return (
    found?.[0]?.replace(/^in /, '') ??
    (evidence.occurredAt ? dayWithoutYear(said, new Date(evidence.occurredAt), question) : null)
  );
}

// Every date a text says, for the one the question asks of.
const DATE_PHRASES = new RegExp(DATE_PHRASE.source, 'g');

/**
 * "My friends and mentors are my rocks. Here's a pic from when we met up last week!": a message
 * that says when in another sentence than the one that fits the question still says when: the
 * nearest such sentence of it, resolved to its day; a day after the message says when of nothing.
 */
function dateSaidBeside(evidence: Evidence): string | null {
  const written = evidence.occurredAt;
  if (written === null) return null;
  for (const sentence of sentencesBeside(evidence)) {
    const date = DATE_PHRASE.exec(resolveDates(sentence, written).text)?.[0];
    // "I'm hosting a competition next month": a plan's day is not when the evidence happened.
    const days = date === undefined ? null : queryDates(date);
    if (date && days !== null && days.from.getTime() <= Date.parse(written)) return date.replace(/^in /, '');
  }
  return null;
}

// A month as written out or shortened ("Sept.", "Oct"), with a day before or after it, or after
// "by", "in", "until", "before" or "to": "12 Sept.", "Oct. 3", "the 14th of May", "by June", "moved
// to June"; "may" alone is no month. Chat writes months in lower case ("due in december", "march
// 14th").
const SHORT_MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?`;
const DAY_MONTH = new RegExp(
  String.raw`\b(?:(\d{1,2})(?:st|nd|rd|th)? (?:of )?(${SHORT_MONTH})|(${SHORT_MONTH}) (\d{1,2})(?:st|nd|rd|th)?\b|(?:by|in|until|till|before|for|around|early|late|mid|end of|to|from) (${SHORT_MONTH})(?= |[,.;!?]|$))`,
  'i',
);

const DAYS_AND_MONTHS = new RegExp(DAY_MONTH.source, 'gi');

/**
 * "Release date is 12 Sept.", "they want it by June": a day or month said without its year is
 * the next one on or after the day it was said, as "12 September 2026" or "June 2026"; said of
 * what happened ("we launched on 3 March"), the last one on or before it; starting or ending a
 * span told of in the past tense, the nearest one.
 */
function dayWithoutYear(said: string, written: Date, question?: Question): string | null {
  const match = askedDate(said, [...said.matchAll(DAYS_AND_MONTHS)], question);
  if (!match) return null;
  const monthSaid = match[2] ?? match[3] ?? match[5] ?? '';
  const month = MONTHS.findIndex(
    (name) => name.slice(0, 3).toLowerCase() === monthSaid.slice(0, 3).toLowerCase(),
  );
  if (month < 0 || !MONTHS[month]?.toLowerCase().startsWith(monthSaid.replace(/\.$/, '').toLowerCase()))
    return null;
  const day = Number(match[1] ?? match[4] ?? 0);
  if (day > 31) return null;
  const before =
    month < written.getUTCMonth() ||
    (month === written.getUTCMonth() && day > 0 && day < written.getUTCDate());
  const after =
    month > written.getUTCMonth() || (month === written.getUTCMonth() && day > written.getUTCDate());
  // "We launched on 3 March", said in April: the March before; "it ships 12 Sept.": the next one.
  // "I've frozen your membership from 5 Oct until 5 Dec", said on 2 October: the past tense is
  // of the act, the span is the time it covers, so it is the nearest such day either side.
  const past = !MOVED_TO.test(said.slice(0, match.index)) && clauseToldAsDone(said, match.index);
  const year = past
    ? inSpan(said, match)
      ? nearestYear(month, day, written)
      : written.getUTCFullYear() - (after ? 1 : 0)
    : written.getUTCFullYear() + (before ? 1 : 0);
  return day > 0 ? `${day} ${MONTHS[month]} ${year}` : `${MONTHS[month]} ${year}`;
}

// "The appointment got moved to 14 May", "the launch is pushed back to 3 March": a day something was
// moved to lies ahead, though the moving is done.
const MOVED_TO =
  /\b(?:moved|pushed|postponed|rescheduled|changed|put|brought|delayed|booked|set)(?: (?:back|forward|it|them))?(?: (?:to|for)(?: the)?)? $/i;

/**
 * Whether the clause a date is said in tells of what was done: "I got married in June" does;
 * "my brother is getting married in December" and "booked flights, leaving 12 Dec" do not, though
 * the first has "married" and the second "booked". A clause with no verb ("back on the 20th") is
 * read with the sentence around it.
 */
function clauseToldAsDone(said: string, at: number): boolean {
  const clause = clauseAt(said, at);
  return nlp(clause).has('#Verb') ? toldAsDone(clause) : toldAsDone(said);
}

// A date that starts or ends a span: "from 5 Oct", "until 5 Dec", "5 Oct to 5 Dec", "through May".
const SPAN_BEFORE = /\b(?:from|until|till|til|through|thru)\s+(?:the\s+)?$/i;
const SPAN_AFTER = new RegExp(
  String.raw`^\s*(?:-|–|to|until|till|til|through|thru)\s+(?:the\s+)?(?:\d|${SHORT_MONTH})`,
  'i',
);

/** Whether the date matched starts or ends a span of time. */
function inSpan(said: string, match: RegExpExecArray): boolean {
  const end = match.index + match[0].length;
  return (
    /^(?:until|till|through)\b/i.test(match[0]) ||
    SPAN_BEFORE.test(said.slice(0, match.index)) ||
    SPAN_AFTER.test(said.slice(end))
  );
}

/** The year in which this day (or, day 0, the middle of this month) lies nearest the day it was said. */
function nearestYear(month: number, day: number, written: Date): number {
  const year = written.getUTCFullYear();
  const distance = (candidate: number) =>
    Math.abs(Date.UTC(candidate, month, day > 0 ? day : 15) - written.getTime());
  return [year - 1, year, year + 1].reduce((best, candidate) =>
    distance(candidate) < distance(best) ? candidate : best,
  );
}

/** "Which year?" is answered by the year of a date, "which month?" by its month and year. */
function inUnit(date: string, unit: Question['timeUnit']): string {
  if (unit === null) return date;
  const year = /\b(?:19|20)\d{2}\b/.exec(date)?.[0];
  const month = MONTH_NAME.exec(date)?.[0];
  if (unit === 'year') return year ?? date;
  return month && year ? `${month} ${year}` : date;
}
