import { MONTHS, WEEKDAYS } from '../../../text/calendar-words.js';

// Words that name a time and never a place: days, months, seasons, feasts, parts of the day, and
// ordinals ("the 11th").
const TIME_WORD = new RegExp(
  String.raw`^(?:(?:the|a|an|this|that|next|last|early|late|mid|the end of|the start of)[ -])*(?:${[
    ...MONTHS,
    ...WEEKDAYS,
  ].join(
    '|',
  )}|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|spring|summer|autumn|fall|winter|christmas|xmas|easter|new year|half[- ]term|morning|afternoon|evening|night|tonight|noon|midnight|\d{1,2}(?:st|nd|rd|th)|\d{1,2}(?::\d{2})?\s*(?:am|pm)|\d{4}|(?:a|one|two|three|four|five|six|\d+) (?:minutes?|hours?|days?|weeks?|months?|years?))\b`,
  'i',
);

/** Whether a phrase read after "at", "in" or "to" names a time rather than a place: "thursday the 11th", "christmas". */
export function saysTime(phrase: string): boolean {
  return TIME_WORD.test(phrase.trim());
}
