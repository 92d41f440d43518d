import { WEEKDAYS } from '../../../text/calendar-words.js';
import { DATE_PHRASE } from './time-span.js';

const COUNT =
  /\b(?:\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|a few|several|once|twice)(?: [a-z-]+)?/i;
// "How often?": "at least once a week", "twice a month", "every weekend", "every second Friday".
const FREQUENCY = new RegExp(
  String.raw`\b(?:(?:at least|about|around|almost|nearly|only) )?(?:(?:once|twice|(?:\d+|three|four|five|six|a few|several) times) (?:a|an|per|every) \w+|every (?:other |second |third |two |three |\d+ )?(?:days?|nights?|mornings?|evenings?|weeks?|weekends?|months?|years?|summer|winter|${WEEKDAYS.join('|')})|daily|weekly|monthly|yearly)\b`,
  'i',
);

/**
 * The answer to "how many?" or "how often?": a count, or for "how often" a frequency first. A
 * date is no count: "in 2022" is not 2022 of anything.
 */
export function numberSpan(text: string, question: string): string | null {
  const undated = text.replace(DATE_PHRASE, '');
  return (
    (/^how often\b/i.test(question) ? FREQUENCY.exec(undated)?.[0] : undefined) ??
    COUNT.exec(undated)?.[0] ??
    null
  );
}
