import { MONTHS } from '../../src/engine/text/calendar-words.js';

/**
 * When a LoCoMo session took place, from its `session_<n>_date_time` ("1:56 pm on 8 May, 2023").
 * The dataset names no time zone: the time is taken as UTC, so dates read back as written.
 */
export function parseSessionDate(text: string): Date {
  const match = /^(\d{1,2}):(\d{2}) (am|pm) on (\d{1,2}) ([A-Za-z]+),? (\d{4})$/.exec(text.trim());
  const month = MONTHS.findIndex((name) => name.toLowerCase() === match?.[5]?.toLowerCase());
  if (!match || month < 0) throw new Error(`not a LoCoMo session date: "${text}"`);
  const hour = (Number(match[1]) % 12) + (match[3] === 'pm' ? 12 : 0);
  return new Date(Date.UTC(Number(match[6]), month, Number(match[4]), hour, Number(match[2])));
}
