import { MONTHS, WEEKDAYS } from '../../../text/calendar-words.js';
import { DATE_PHRASE } from './time-span.js';

// "15k calls a day", "2.5m users": a count keeps the thousands or millions written onto it.
const COUNT =
  /\b(?:\d+(?:[.,]\d+)?(?:(?:k|m|bn)\b)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|a few|several|once|twice)(?: [a-z-]+)?/i;
// "How often?": "at least once a week", "twice a month", "every weekend", "every second Friday".
const FREQUENCY = new RegExp(
  String.raw`\b(?:(?:at least|about|around|almost|nearly|only) )?(?:(?:once|twice|(?:\d+|three|four|five|six|a few|several) times) (?:a|an|per|every) \w+|every (?:other |second |third |two |three |\d+ )?(?:days?|nights?|mornings?|evenings?|weeks?|weekends?|months?|years?|summer|winter|${WEEKDAYS.join('|')})|daily|weekly|monthly|yearly)\b`,
  'i',
);

// An amount of money: "49.90 EUR", "$1,200", "£312", "29 dollars", or said by what it buys, with
// no currency: "raising the rent to 1,450 a month".
const MONEY =
  /(?:[$€£¥]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|bn|million|thousand)\b)?|\b\d[\d,]*(?:\.\d+)?\s?(?:k\s?)?(?:EUR|USD|GBP|CHF|CAD|AUD|SEK|NOK|DKK|JPY|INR|dollars?|euros?|pounds?|bucks|quid)\b|\b\d[\d,]*(?:\.\d+)?k? (?:a|per) (?:month|week|year|night|hour)\b)/i;
// "How much does it cost?", "how much was refunded?": asks for money, which a count is not.
export const ASKS_MONEY =
  /^how much\b(?!.*\b(?:time|longer|weigh|weight)\b).*\b(?:cost|costs|costing|pay|pays|paid|paying|charge[sd]?|charging|refund(?:s|ed)?|spen[dt]|spending|earn(?:s|ed)?|price[sd]?|owe[sd]?|bill(?:s|ed)?|fees?|worth|salary|rent|budget|raise)\b/i;

// A day of a month said without its year ("Thursday 26 March", "March 26th"): no count of anything.
const DAY_OF_MONTH = new RegExp(
  String.raw`\b\d{1,2}(?:st|nd|rd|th)? (?:of )?(?:${MONTHS.join('|')})\b|\b(?:${MONTHS.join('|')}) \d{1,2}(?:st|nd|rd|th)?\b`,
  'gi',
);
// An hour of the day ("8am", "7:30 pm"): no count either.
const CLOCK_TIME = /\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b/gi;

/**
 * The answer to "how many?" or "how often?": a count, or for "how often" a frequency first. A
 * date is no count: "in 2022" is not 2022 of anything.
 */
export function numberSpan(text: string, question: string): string | null {
  const undated = text.replace(DATE_PHRASE, '').replace(DAY_OF_MONTH, '').replace(CLOCK_TIME, '');
  if (ASKS_MONEY.test(question)) return MONEY.exec(undated)?.[0] ?? null;
  return (
    (/^how often\b/i.test(question) ? FREQUENCY.exec(undated)?.[0] : undefined) ??
    COUNT.exec(undated)?.[0] ??
    null
  );
}
