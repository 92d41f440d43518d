import { MONTHS } from './calendar-words.js';

/** The days a query asks about, from the first to the last, both whole days (UTC). */
export type DateWindow = { from: Date; to: Date };

const DAY_MS = 86_400_000;
const MONTH = MONTHS.join('|');
const ORDINAL = '(?:st|nd|rd|th)?';
// "1 May, 2022", "the 1st of May 2022"; "May 1, 2022", "May 1st 2022"; "May 2022"; a day without
// a year ("between August 11 and August 15 2023") takes the year the query gives elsewhere.
const DAY_FIRST = new RegExp(
  String.raw`\b(?<day>\d{1,2})${ORDINAL}(?: of)? (?<month>${MONTH})\b,?(?: (?<own>\d{4})\b)?`,
  'gi',
);
const MONTH_FIRST = new RegExp(
  String.raw`\b(?<month>${MONTH}) (?<day>\d{1,2})${ORDINAL}\b(?!:),?(?: (?<own>\d{4})\b)?`,
  'gi',
);
const MONTH_YEAR = new RegExp(String.raw`\b(${MONTH}),? (\d{4})\b`, 'gi');
// "The week before 16 November 2023": the window reaches back (or on) from the day named.
const REACH = /\b(?:the )?(week|weekend|month)s? (before|after)\b/i;
const REACH_DAYS: Record<string, number> = { week: 7, weekend: 3, month: 31 };
// A window wider than this ("in 2023") says little about which messages answer.
const WIDEST_DAYS = 62;

type Mention = { at: number; from: Date; to: Date };

/**
 * The days a query names ("what did she watch on 1 May 2022?", "where was he in July 2022?",
 * "between August 11 and August 15 2023", "the week before 16 November 2023"), or null when it
 * names none, names a month or a day without any year, or spans more than 62 days. A hand-written
 * reading of these few forms: a general date parser took 10-80 ms a query, more than the search.
 */
export function queryDates(query: string): DateWindow | null {
  const year = /\b(?:19|20)\d{2}\b/.exec(query)?.[0];
  if (year === undefined) return null;
  const mentions: Mention[] = [];
  const covered: [number, number][] = [];
  // Each stretch of the query is read once, by the most precise form that matches it: "31
  // February 2023" is no day, and not February either.
  const add = (match: RegExpExecArray, from: Date | null, to: Date | null) => {
    if (covered.some(([start, end]) => match.index < end && start < match.index + match[0].length)) return;
    covered.push([match.index, match.index + match[0].length]);
    if (from !== null && to !== null) mentions.push({ at: match.index, from, to });
  };
  // A day said either way round: the day and the month are named groups of both forms.
  for (const match of [...query.matchAll(DAY_FIRST), ...query.matchAll(MONTH_FIRST)]) {
    const { day, month, own } = match.groups ?? {};
    const date = dayOf(Number(own ?? year), month, Number(day));
    add(match, date, date);
  }
  for (const match of query.matchAll(MONTH_YEAR)) {
    const [, month, own] = match;
    const first = dayOf(Number(own), month, 1);
    add(match, first, first && new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)));
  }
  if (mentions.length === 0) return null;
  let from = new Date(Math.min(...mentions.map((mention) => mention.from.getTime())));
  let to = new Date(Math.max(...mentions.map((mention) => mention.to.getTime())));
  const reach = REACH.exec(query);
  if (reach && reach.index < Math.min(...mentions.map((mention) => mention.at))) {
    const days = REACH_DAYS[reach[1]?.toLowerCase() ?? 'week'] ?? 7;
    if (reach[2]?.toLowerCase() === 'before') from = new Date(from.getTime() - days * DAY_MS);
    else to = new Date(to.getTime() + days * DAY_MS);
  }
  if ((to.getTime() - from.getTime()) / DAY_MS > WIDEST_DAYS) return null;
  return { from, to };
}

/** The day, or null for one no calendar has ("31 February"). */
function dayOf(year: number, month: string | undefined, day: number): Date | null {
  const index = MONTHS.findIndex((name) => name.toLowerCase() === month?.toLowerCase());
  if (index < 0 || day < 1) return null;
  const date = new Date(Date.UTC(year, index, day));
  return date.getUTCMonth() === index ? date : null;
}
