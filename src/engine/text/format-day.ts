import { MONTHS } from './calendar-words.js';

/** "7 May 2023": the form people (and the answers they expect) use for a day. */
export function formatDay(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
