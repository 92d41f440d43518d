import { WEEKDAYS } from '../../text/calendar-words.js';

const WEEKDAY = WEEKDAYS.map((day) => `${day}|${day.slice(0, 3)}`).join('|');
// A time said relative to the day it was said: "last Friday", "yesterday", "two weeks ago",
// "recently". Told apart from that day, it says nothing of when.
const SAID_TIME = new RegExp(
  String.raw`,?\s*\b(?:(?:last|this|next) (?:${WEEKDAY}|week|weekend|month|year|night|summer|winter|spring|fall|autumn)|yesterday|today|tonight|tomorrow|recently|lately|(?:a few|a couple of|one|two|three|four|five|six|a|\d+) (?:days?|weeks?|months?|years?) ago)\b(?:'s)?\.?`,
  'gi',
);

/**
 * An answer to a question that does not ask when, without the time its evidence said relative
 * to the day it was said ("dinner together last night" answers "what did they do?" as "dinner
 * together"): the asker does not know that day, and the words only lengthen the answer.
 */
export function withoutSaidTime(answer: string): string {
  const cut = answer
    .replace(SAID_TIME, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s,]+/, '')
    .trim();
  return cut === '' ? answer : cut;
}
