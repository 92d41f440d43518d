import { formatDay, MONTHS } from '../format-day.js';
import { storableTime } from '../storable-time.js';
import { nlp } from './nlp.js';

const RELATIVE = /\b(yesterday|today|tonight|tomorrow|last|next|this|ago|weekend)\b/i;
const AGO = /\b(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+) (day|week|month|year)s? ago\b/i;
const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

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
  let text = sentence;
  let occurredAt: string | null = null;
  // Parsing for dates is most of the work of learning a sentence: skip it where nothing changes.
  if (!RELATIVE.test(sentence)) return { text, occurredAt };
  const found = nlp(sentence).dates({ today }).json() as {
    text: string;
    dates?: { start?: string | null; unit?: string };
  }[];
  for (const date of found) {
    const start = date.dates?.start;
    const said = date.text.trim().replace(/[.,!?;:]+$/, '');
    // "Four years ago" is handled below: the text keeps it, as people say it.
    if (!start || !RELATIVE.test(said) || /\bago\b/i.test(said)) continue;
    const day = new Date(start);
    // compromise can name a day no calendar has ("the 40th"), or one before year 1 for a message
    // of 1 January of year 1: leave such text as it is.
    const at = storableTime(day);
    if (at === null || Math.abs(day.getTime() - written.getTime()) > NEAR_MS) continue;
    occurredAt ??= at;
    text = text.replace(said, describe(day, date.dates?.unit, written, said));
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
  return { text, occurredAt };
}

function describe(day: Date, unit: string | undefined, written: Date, original: string): string {
  const before = day.getTime() < written.getTime();
  switch (unit) {
    case 'week':
      return `the week ${before ? 'before' : 'after'} ${formatDay(written)}`;
    case 'month':
      return `in ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
    case 'year':
      return `in ${day.getUTCFullYear()}`;
    case 'day':
      return `on ${formatDay(day)}`;
    default:
      return /weekend/i.test(original)
        ? `the weekend ${before ? 'before' : 'after'} ${formatDay(written)}`
        : original;
  }
}

function shift(date: Date, unit: string, count: number): Date {
  const shifted = new Date(date);
  if (unit === 'day') shifted.setUTCDate(shifted.getUTCDate() + count);
  if (unit === 'week') shifted.setUTCDate(shifted.getUTCDate() + 7 * count);
  if (unit === 'month') shifted.setUTCMonth(shifted.getUTCMonth() + count);
  if (unit === 'year') shifted.setUTCFullYear(shifted.getUTCFullYear() + count);
  return shifted;
}
