import { MONTHS, WEEKDAYS } from '../../../text/calendar-words.js';

const MONTH = MONTHS.join('|');
const NUMBER = String.raw`(?:\d+(?:[.,]\d+)?|a couple of|a few|several|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a hundred|half an?|an?)`;
const UNIT = `(?:second|minute|hour|day|night|week|weekend|month|year|decade)s?`;
// A time things are counted from that is no month or year: "since christmas", "since the summer".
const SINCE_TIME = `(?:the )?(?:christmas|xmas|easter|new year|spring|summer|autumn|fall|winter|${WEEKDAYS.join('|')})`;
// A second unit finishes the first: "1 hour 15 minutes", "2 years and 3 months"; so does a
// half of it ("an hour and a half").
const DURATION = new RegExp(
  String.raw`\b(?:for |about |almost |nearly |over |around )?${NUMBER} ${UNIT}\b(?:,? (?:and )?${NUMBER} ${UNIT}\b| and a half\b)?(?! ago)|\bsince (?:${MONTH}|(?:19|20)\d{2}|last \w+|${SINCE_TIME})\b[\w ]*`,
  'i',
);

/**
 * The answer to "how long?": "three years", "1 hour 15 minutes", "since May 2021"; never a date
 * ("two years ago").
 */
export function durationSpan(text: string): string | null {
  return DURATION.exec(text)?.[0]?.replace(/^for /i, '').trim() ?? null;
}
