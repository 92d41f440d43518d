import { formatDay } from '../../../text/format-day.js';
import { NUMBER_WORD, NUMBER_WORDS } from '../../../text/number-words.js';
import { nlp } from '../nlp.js';
import { clauseAt } from './parallel-clauses.js';

// "In 7 days", "in two weeks", "in a few hours": a length of time from the day it is said.
const IN_LENGTH = new RegExp(
  String.raw`\bin (\d+|${NUMBER_WORD}|a few|a couple of) (minute|hour|day|week|month|year)s?\b`,
  'i',
);
const DAYS: Record<string, number> = { day: 1, week: 7 };

/**
 * "The export link expires in 7 days": when something is to happen, said as a length of time
 * from the day it was said, not as a date: that length, with the day it comes to when it is
 * counted in days or weeks ("in 7 days (15 July 2026)"). Null when the sentence says none, or
 * tells of what was done ("I finished it in 7 days" says how long it took).
 */
export function timeAhead(said: string, writtenAt: string | null): string | null {
  const length = IN_LENGTH.exec(said);
  if (length === null || nlp(clauseAt(said, length.index)).has('#PastTense')) return null;
  const count = NUMBER_WORDS[length[1]?.toLowerCase() ?? ''] ?? Number(length[1]);
  const perUnit = DAYS[length[2]?.toLowerCase() ?? ''];
  if (writtenAt === null || perUnit === undefined || !Number.isFinite(count)) return length[0];
  const day = new Date(writtenAt);
  day.setUTCDate(day.getUTCDate() + count * perUnit);
  return `${length[0]} (${formatDay(day)})`;
}
