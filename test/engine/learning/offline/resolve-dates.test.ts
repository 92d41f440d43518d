import { describe, expect, it } from 'vitest';
import { resolveDates } from '../../../../src/engine/learning/offline/resolve-dates.js';

// Wednesday 18 November 2026.
const WEDNESDAY = '2026-11-18T09:00:00Z';

describe('resolveDates', () => {
  it.each([
    [
      'I moved to Lisbon last spring.',
      '2026-11-10T09:00:00Z',
      'I moved to Lisbon in spring 2026.',
      '2026-03-01',
    ],
    ['Last summer I adopted a dog.', WEDNESDAY, 'in summer 2026 I adopted a dog.', '2026-06-01'],
    ["This winter I'm going skiing.", WEDNESDAY, "in winter 2026 I'm going skiing.", '2026-12-01'],
    ['We met last fall.', '2026-03-01T00:00:00Z', 'We met in autumn 2025.', '2025-09-01'],
    ['Next spring we will travel.', '2026-03-01T00:00:00Z', 'in spring 2027 we will travel.', '2027-03-01'],
    // The next one after the day it was said, never the one a year after that.
    [
      'I am running the Berlin marathon next September.',
      '2025-10-14T10:00:00Z',
      'I am running the Berlin marathon in September 2026.',
      '2026-09-01',
    ],
    ['The launch is next August.', '2025-01-14T10:00:00Z', 'The launch is in August 2025.', '2025-08-01'],
    ['We marry next May.', '2025-05-20T10:00:00Z', 'We marry in May 2026.', '2026-05-01'],
    ['We go to Rome this March.', '2025-10-14T10:00:00Z', 'We go to Rome in March 2026.', '2026-03-01'],
    ['We fly out this October.', '2025-03-05T10:00:00Z', 'We fly out in October 2025.', '2025-10-01'],
    // "This" month may be the one under way; the verb before it stays.
    ['I start this March.', '2026-03-10T10:00:00Z', 'I start in March 2026.', '2026-03-01'],
    ['I start this March.', '2025-10-14T10:00:00Z', 'I start in March 2026.', '2026-03-01'],
    // "Start" is read with the date ("start of next week"), which then has no day, unless it is set apart.
    ['I start next week.', WEDNESDAY, 'I start the week after 18 November 2026.', '2026-11-23'],
    // "Last night" is the day before; "this week" the week it was said in, not the one before it.
    ['We had sushi last night.', WEDNESDAY, 'We had sushi on 17 November 2026.', '2026-11-17'],
    [
      'I started a new job this week.',
      WEDNESDAY,
      'I started a new job the week of 18 November 2026.',
      '2026-11-16',
    ],
    // A weekend told of as done is the one just past; as to come, the next one.
    [
      'We went to the lake this weekend.',
      WEDNESDAY,
      'We went to the lake the weekend before 18 November 2026.',
      '2026-11-14',
    ],
    [
      'We are going to the lake this weekend.',
      WEDNESDAY,
      'We are going to the lake the weekend after 18 November 2026.',
      '2026-11-21',
    ],
    // A weekday written short is the same day; "on sun loungers" names none.
    [
      'Last Fri we took the kids bowling.',
      WEDNESDAY,
      'on Friday 13 November 2026 we took the kids bowling.',
      '2026-11-13',
    ],
    [
      'I joined the choir last Tues.',
      WEDNESDAY,
      'I joined the choir on Tuesday 17 November 2026.',
      '2026-11-17',
    ],
    // The dash after a date is not part of it.
    [
      'Last weekend - we went biking.',
      WEDNESDAY,
      'the weekend before 18 November 2026 - we went biking.',
      '2026-11-14',
    ],
    // compromise reads "last weekend" as a week: it is said as the weekend it was.
    [
      'We went camping last weekend.',
      WEDNESDAY,
      'We went camping the weekend before 18 November 2026.',
      '2026-11-14',
    ],
    // After a preposition the time stands alone: "the end of in November 2026" says nothing.
    [
      'The course ends at the end of this month.',
      WEDNESDAY,
      'The course ends at the end of November 2026.',
      '2026-11-01',
    ],
    ['I have lived here since last year.', WEDNESDAY, 'I have lived here since 2025.', '2025-01-01'],
    // A month of the year named: the month, not the year alone.
    [
      'my passport expires in March next year, I need to renew it',
      '2026-05-25T10:00:00Z',
      'my passport expires in March 2027, I need to renew it',
      '2027-03-01',
    ],
    ['We fly out next summer.', '2025-10-05T10:00:00Z', 'We fly out in summer 2026.', '2026-06-01'],
    ['I quit Acme last month.', '2026-07-03T08:00:00Z', 'I quit Acme in June 2026.', '2026-06-01'],
    ['I started pottery this year.', WEDNESDAY, 'I started pottery in 2026.', '2026-01-01'],
    [
      'I visited my mom on Tuesday.',
      WEDNESDAY,
      'I visited my mom on Tuesday 17 November 2026.',
      '2026-11-17',
    ],
    ["I'll see her on Monday.", WEDNESDAY, "I'll see her on Monday 23 November 2026.", '2026-11-23'],
    ["I'm flying to Rome next Friday.", WEDNESDAY, "I'm flying to Rome on 27 November 2026.", '2026-11-27'],
    [
      'I ran a half marathon last Sunday.',
      WEDNESDAY,
      'I ran a half marathon on Sunday 15 November 2026.',
      '2026-11-15',
    ],
    // "Last Friday" said on a Saturday is the day before, not the Friday of the week before.
    [
      'We went hiking last Friday.',
      '2023-07-15T10:00:00Z',
      'We went hiking on Friday 14 July 2023.',
      '2023-07-14',
    ],
    [
      'I went to a support group yesterday.',
      '2023-05-08T13:56:00Z',
      'I went to a support group on 7 May 2023.',
      '2023-05-07',
    ],
  ])('"%s" said on %s', (sentence, writtenAt, text, day) => {
    const dated = resolveDates(sentence, writtenAt);
    expect(dated.text).toBe(text);
    expect(dated.occurredAt?.slice(0, 10)).toBe(day);
  });

  it('resolves a weekday a thing is done by as the coming one, and every weekday of a sentence', () => {
    // "By Monday" is a deadline: ahead of the day it is said, unless told of as done.
    expect(resolveDates("I'll write the postmortem by Monday", WEDNESDAY).text).toBe(
      "I'll write the postmortem by Monday 23 November 2026",
    );
    expect(resolveDates('The report is due by Friday.', WEDNESDAY).text).toBe(
      'The report is due by Friday 20 November 2026.',
    );
    expect(resolveDates('I finished it by Monday.', WEDNESDAY).text).toBe(
      'I finished it by Monday 16 November 2026.',
    );
    expect(
      resolveDates("the key rotates on Thursday, I'll update the secrets by Wednesday", WEDNESDAY).text,
    ).toBe(
      "the key rotates on Thursday 19 November 2026, I'll update the secrets by Wednesday 25 November 2026",
    );
  });

  it('reads no day in a lower-case word a short weekday is spelled like', () => {
    expect(resolveDates('We lay on sun loungers all day.', WEDNESDAY).text).toBe(
      'We lay on sun loungers all day.',
    );
  });

  it('replaces a day said with its hour or a length of time, and keeps those as said', () => {
    expect(resolveDates('I swam the lake yesterday in 41 minutes', WEDNESDAY).text).toBe(
      'I swam the lake on 17 November 2026 in 41 minutes',
    );
    expect(resolveDates('the plumber comes tomorrow at 8am', WEDNESDAY).text).toBe(
      'the plumber comes on 19 November 2026 at 8am',
    );
    // A window of hours, too: the day was left unresolved, and "when?" answered with the day said.
    expect(resolveDates('a technician will visit tomorrow between 1 and 5pm', WEDNESDAY).text).toBe(
      'a technician will visit on 19 November 2026 between 1 and 5pm',
    );
  });

  it('keeps a duration as said and adds when it began', () => {
    expect(resolveDates('I started running two weeks ago.', WEDNESDAY).text).toBe(
      'I started running two weeks ago (on 4 November 2026).',
    );
  });
});
