import { MONTHS, WEEKDAYS } from '../../text/calendar-words.js';
import { formatDay } from '../../text/format-day.js';
import { NUMBER_WORD, NUMBER_WORDS } from '../../text/number-words.js';
import { storableTime } from '../storable-time.js';
import { nlp } from './nlp.js';

const RELATIVE = /\b(yesterday|today|tonight|tomorrow|last|next|this|ago|weekend)\b/i;
const AGO = new RegExp(String.raw`\b(${NUMBER_WORD}|\d+) (day|week|month|year)s? ago\b`, 'i');
const VAGUE_AGO = /\b(a few|a couple of|several|some|many) (day|week|month|year)s ago\b/i;
// Where a day said relative to the message ends and the hour or length said with it begins.
const AFTER_DAY = /\s+(?=(?:at|in|around|by|from|between|after|before|until|till)\s)/i;
const LAST_NIGHT = /\b(?:last night|yesterday (?:morning|afternoon|evening))\b/i;

type DatedSentence = { text: string; occurredAt: string | null };

/**
 * How far from the day it was said a relative date can lie ("last year" on 31 December is two
 * years less a day before). compromise reads "today" as the real present when the day given is
 * beyond its calendar (a message written in year 5000): a date further off is left as said.
 */
const NEAR_MS = 3 * 366 * 86_400_000;

/**
 * Replaces relative dates ("yesterday", "last Saturday", "last week") by the dates they meant
 * when the message was written, so a fact read months later still says when it happened.
 */
export function resolveDates(sentence: string, writtenAt: string): DatedSentence {
  const written = new Date(writtenAt);
  const today = writtenAt.slice(0, 10);
  const own = resolveOwnPhrases(sentence, written);
  let text = own.text;
  let occurredAt: string | null = own.occurredAt;
  // Parsing for dates is most of the work of learning a sentence: skip it where nothing changes.
  if (!RELATIVE.test(text)) return { text, occurredAt };
  const dates = foundDates(text, today);
  for (const found of dates) {
    const date = withoutEdgeWord(found, today);
    const start = date.dates?.start;
    // compromise may take the dash after a date into it ("last weekend - we went biking").
    const said = date.text.trim().replace(/[\s.,!?;:\-–—]+$/, '');
    // "Four years ago" is handled below: the text keeps it, as people say it.
    if (!start || !RELATIVE.test(said) || /\bago\b/i.test(said)) continue;
    // "This weekend" or "on the weekend" told of as done ("we went to the lake this weekend") is
    // the one just past, though compromise reads every weekend not said "last" as the coming one.
    const ahead = new Date(start);
    const day =
      /weekend/i.test(said) && ahead.getTime() > written.getTime() && toldAsDone(text)
        ? shift(ahead, 'week', -1)
        : ahead;
    // compromise can name a day no calendar has ("the 40th"), or one before year 1 for a message
    // of 1 January of year 1: leave such text as it is.
    const at = storableTime(day);
    if (at === null || Math.abs(day.getTime() - written.getTime()) > NEAR_MS) continue;
    occurredAt ??= at;
    // compromise reads a day and what follows it as one time ("yesterday in 52 minutes", "next
    // Monday at 9"), which no date replaces: the day is replaced, and the rest stays as said.
    const dayPart = date.dates?.unit === 'time' ? said.split(AFTER_DAY)[0] : undefined;
    text =
      dayPart && dayPart !== said && RELATIVE.test(dayPart)
        ? text.replace(dayPart, `on ${formatDay(day)}`)
        : text.replace(said, describe(day, date.dates?.unit, written, said));
  }
  const ago = AGO.exec(text);
  if (ago) {
    const count = NUMBER_WORDS[ago[1]?.toLowerCase() ?? ''] ?? Number(ago[1]);
    const unit = ago[2]?.toLowerCase() ?? 'day';
    const day = shift(written, unit, -count);
    const at = storableTime(day);
    if (at === null) return { text, occurredAt };
    occurredAt ??= at;
    const around =
      unit === 'day' || unit === 'week'
        ? `on ${formatDay(day)}`
        : `around ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
    text = text.replace(ago[0], `${ago[0]} (${around})`);
  }
  // "Last night" and "yesterday evening", which compromise leaves, are the day before.
  const night = LAST_NIGHT.exec(text);
  if (night) {
    const day = shift(written, 'day', -1);
    occurredAt ??= storableTime(day);
    text = text.replace(night[0], `on ${formatDay(day)}`);
  }
  // "A few years ago" names no day, but the day it was said bounds it.
  const vague = VAGUE_AGO.exec(text);
  if (vague) text = text.replace(vague[0], `${vague[1]} ${vague[2]}s before ${formatDay(written)}`);
  return { text, occurredAt };
}

type FoundDate = { text: string; dates?: { start?: string | null; unit?: string } };

function foundDates(text: string, today: string): FoundDate[] {
  return nlp(text).dates({ today }).json() as FoundDate[];
}

// A verb compromise reads as the edge of a date: "I start next week" is "start (of) next week".
const EDGE_WORD = /^(?:start|starts|end|ends|finish|finishes)\s+/i;

/**
 * The date without the verb compromise took into it, when with it the date has no day at all:
 * "start next week" has none, "next week" is the week after the message.
 */
function withoutEdgeWord(date: FoundDate, today: string): FoundDate {
  const edge = EDGE_WORD.exec(date.text);
  if (date.dates?.start || edge === null) return date;
  return foundDates(date.text.slice(edge[0].length), today)[0] ?? date;
}

/**
 * "In May 2026" where a phrase of time stood, or "May 2026" alone after a preposition: "at the
 * end of this month" is "at the end of May 2026", not "…of in May 2026".
 */
function replaceTime(text: string, phrase: string, time: string): string {
  const at = text.indexOf(phrase);
  if (at < 0) return text;
  const afterPreposition = /\b(?:of|in|during|by|until|till|since|before|after|from|through)\s+$/i.test(
    text.slice(0, at),
  );
  return `${text.slice(0, at)}${afterPreposition ? time : `in ${time}`}${text.slice(at + phrase.length)}`;
}

const SEASONS = ['spring', 'summer', 'autumn', 'winter'] as const;
const SEASON_PHRASE = /\b(last|this|next|past) (spring|summer|autumn|fall|winter)\b/i;
const UNIT_PHRASE = /\b(last|this|next|past) (month|year)\b/i;
// "In March next year": the month of that year, not the year alone.
const MONTH_OF_YEAR = new RegExp(String.raw`\b(${MONTHS.join('|')}) (next|last|this) year\b`, 'i');
// "Next September": compromise skips the coming September for the one a year later; "this March"
// it reads with the verb before it ("I start this March" lost its "start").
const NEXT_MONTH = new RegExp(String.raw`\b(next|this) (${MONTHS.join('|')})\b`, 'i');
// "On Tuesday", and "last Friday", which people mean as the latest Friday before the day they speak;
// "by Wednesday" or "until Friday", a day something is done by or lasts to.
// A weekday followed by its date is resolved already.
// Written short ("last Fri", "on Tues"), it must be capitalised: "on sun loungers" names no day.
const BARE_WEEKDAY = new RegExp(
  String.raw`\b(on|last|this past|by|until|till|before) (${WEEKDAYS.join('|')}|Sun|Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat)\b(?!,? \d{1,2} [A-Z])`,
  'i',
);
// Words before a weekday that make it a deadline or an end: the coming one, unless told as done.
const DEADLINE = /^(?:by|until|till|before)$/i;
// Weekdays resolved in one sentence at most: "rotates on Thursday, I'll update it by Wednesday".
const WEEKDAYS_READ = 3;
const FUTURE =
  /\b(?:will|'ll|going to|gonna|plan(?:ning)? to|about to|tomorrow|next)\b|\b(?:am|'m|are|'re|is) \w+ing\b/i;

/**
 * The phrases compromise reads wrongly or not at all: seasons ("last spring" said in November
 * 2026 is spring 2026, not 2025), "last month", "this year", "next September", and a weekday ("on Tuesday", the
 * one before the message, or the one after when the sentence speaks of the future; "last
 * Friday", the latest Friday before the message, where compromise takes the previous week's).
 */
function resolveOwnPhrases(sentence: string, written: Date): DatedSentence {
  let text = sentence;
  let occurredAt: string | null = null;
  const season = SEASON_PHRASE.exec(text);
  if (season) {
    const { name, year, starts } = seasonOf(
      written,
      season[1]?.toLowerCase() ?? 'this',
      season[2]?.toLowerCase() ?? '',
    );
    text = replaceTime(text, season[0], `${name} ${year}`);
    occurredAt = storableTime(starts);
  }
  const monthOfYear = MONTH_OF_YEAR.exec(text);
  if (monthOfYear) {
    const which = monthOfYear[2]?.toLowerCase();
    const year = written.getUTCFullYear() + stepOf(which);
    const month = MONTHS.findIndex((name) => name.toLowerCase() === monthOfYear[1]?.toLowerCase());
    text = replaceTime(text, monthOfYear[0], `${MONTHS[month]} ${year}`);
    occurredAt ??= storableTime(new Date(Date.UTC(year, month, 1)));
  }
  const unit = UNIT_PHRASE.exec(text);
  if (unit) {
    const which = unit[1]?.toLowerCase();
    const step = stepOf(which);
    const day = new Date(written);
    if (unit[2]?.toLowerCase() === 'month') {
      day.setUTCDate(1);
      day.setUTCMonth(day.getUTCMonth() + step);
      text = replaceTime(text, unit[0], `${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`);
      occurredAt ??= storableTime(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1)));
    } else {
      const year = day.getUTCFullYear() + step;
      text = replaceTime(text, unit[0], `${year}`);
      occurredAt ??= storableTime(new Date(Date.UTC(year, 0, 1)));
    }
  }
  const month = NEXT_MONTH.exec(text);
  if (month) {
    const day = nextMonthNamed(written, month[2]?.toLowerCase() ?? '', month[1]?.toLowerCase() === 'this');
    text = replaceTime(text, month[0], `${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`);
    occurredAt ??= storableTime(day);
  }
  for (let read = 0; read < WEEKDAYS_READ; read++) {
    const weekday = BARE_WEEKDAY.exec(text);
    const target = weekday ? weekdayIndex(weekday[2] ?? '') : -1;
    if (!weekday || target < 0) break;
    const name = WEEKDAYS[target];
    const today = written.getUTCDay();
    const said = weekday[1]?.toLowerCase() ?? 'on';
    const deadline = DEADLINE.test(said);
    const ahead = (said === 'on' && FUTURE.test(text)) || (deadline && !toldAsDone(text));
    const offset = ahead ? (target - today + 7) % 7 || 7 : -((today - target + 7) % 7 || 7);
    const day = new Date(written);
    day.setUTCDate(day.getUTCDate() + offset);
    // The weekday stays, as said: "on Friday 14 July 2023", "by Monday 14 September 2026".
    text = text.replace(weekday[0], `${deadline ? weekday[1] : 'on'} ${name} ${formatDay(day)}`);
    occurredAt ??= storableTime(
      new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate())),
    );
  }
  return { text, occurredAt };
}

/**
 * The day of the week a weekday names, written out or short ("Fri", "Tues"), as
 * `Date.getUTCDay()` counts it; -1 for a short one in lower case ("on sun loungers").
 */
function weekdayIndex(said: string): number {
  const written = said.toLowerCase();
  const whole = WEEKDAYS.findIndex((day) => day.toLowerCase() === written);
  if (whole >= 0 || /^[a-z]/.test(said)) return whole;
  return WEEKDAYS.findIndex((day) => day.toLowerCase().startsWith(written.slice(0, 3)));
}

/** How many units from the one the message was written in "last", "past", "this" or "next" is. */
function stepOf(which: string | undefined): number {
  return which === 'last' || which === 'past' ? -1 : which === 'next' ? 1 : 0;
}

/**
 * The first day of the month named that comes first after the month the message was written in:
 * "next September" said in August 2025 is September 2025, said in October 2025 September 2026.
 * "This" month may be the month the message was written in ("this March" said in March).
 */
function nextMonthNamed(written: Date, name: string, orThisOne: boolean): Date {
  const target = MONTHS.findIndex((month) => month.toLowerCase() === name);
  const ahead = (target - written.getUTCMonth() + 12) % 12 || (orThisOne ? 0 : 12);
  return new Date(Date.UTC(written.getUTCFullYear(), written.getUTCMonth() + ahead, 1));
}

/**
 * The season a phrase names, by the meteorological seasons of the northern hemisphere (winter
 * is December to February, named by the year of its December): "last" is the latest one over,
 * "next" the first one to start after the one under way, "this" the one of the same year, or of
 * the coming year when that one is more than a season past.
 */
function seasonOf(written: Date, which: string, said: string): { name: string; year: number; starts: Date } {
  const name = said === 'fall' ? 'autumn' : said;
  const index = SEASONS.indexOf(name as (typeof SEASONS)[number]);
  const month = written.getUTCMonth();
  const seasonYear = month < 2 ? written.getUTCFullYear() - 1 : written.getUTCFullYear();
  // Seasons counted in order from spring of year 0: the one under way, and the one named.
  const current = seasonYear * 4 + Math.floor(((month + 10) % 12) / 3);
  let count = seasonYear * 4 + index;
  if (which === 'last' || which === 'past') while (count >= current) count -= 4;
  else if (which === 'next') while (count <= current) count += 4;
  else if (count < current - 1) count += 4;
  const year = Math.floor(count / 4);
  return { name, year, starts: new Date(Date.UTC(year, index * 3 + 2, 1)) };
}

function describe(day: Date, unit: string | undefined, written: Date, original: string): string {
  const before = day.getTime() < written.getTime();
  const weekend = /weekend/i.test(original);
  switch (unit) {
    case 'week':
      // "This week" is the one the message was written in.
      if (/\bthis\b/i.test(original) && !weekend) return `the week of ${formatDay(written)}`;
      // compromise reads "last weekend" as a week: said so, it is the weekend.
      return `the ${weekend ? 'weekend' : 'week'} ${before ? 'before' : 'after'} ${formatDay(written)}`;
    case 'month':
      return `in ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
    case 'year':
      return `in ${day.getUTCFullYear()}`;
    case 'day':
      return `on ${formatDay(day)}`;
    default:
      return weekend ? `the weekend ${before ? 'before' : 'after'} ${formatDay(written)}` : original;
  }
}

/** Whether a sentence tells of what was done, not of what is to come. */
export function toldAsDone(sentence: string): boolean {
  return !FUTURE.test(sentence) && nlp(sentence).has('#PastTense');
}

function shift(date: Date, unit: string, count: number): Date {
  const shifted = new Date(date);
  if (unit === 'day') shifted.setUTCDate(shifted.getUTCDate() + count);
  if (unit === 'week') shifted.setUTCDate(shifted.getUTCDate() + 7 * count);
  if (unit === 'month') shifted.setUTCMonth(shifted.getUTCMonth() + count);
  if (unit === 'year') shifted.setUTCFullYear(shifted.getUTCFullYear() + count);
  return shifted;
}
