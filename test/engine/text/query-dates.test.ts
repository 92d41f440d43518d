import { describe, expect, it } from 'vitest';
import { queryDates } from '../../../src/engine/text/query-dates.js';

const days = (query: string) => {
  const window = queryDates(query);
  return window && [window.from.toISOString().slice(0, 10), window.to.toISOString().slice(0, 10)];
};

describe('queryDates', () => {
  it('reads a day, written day first or month first', () => {
    expect(days('What movie did Joanna watch on 1 May, 2022?')).toEqual(['2022-05-01', '2022-05-01']);
    expect(days('What did Melanie show on October 13, 2023?')).toEqual(['2023-10-13', '2023-10-13']);
    expect(days('what happened on the 3rd of March 2024')).toEqual(['2024-03-03', '2024-03-03']);
  });

  it('reads a month as all its days', () => {
    expect(days('Where did Joanna travel to in July 2022?')).toEqual(['2022-07-01', '2022-07-31']);
    expect(days('Did Andrew have a dog during February, 2024?')).toEqual(['2024-02-01', '2024-02-29']);
  });

  it('spans the days between two dates, a day without its year taking the query’s', () => {
    expect(days('Where was John between August 11 and August 15 2023?')).toEqual([
      '2023-08-11',
      '2023-08-15',
    ]);
  });

  it('reaches back or on from a day for "the week before" or "the weekend after"', () => {
    expect(days('Where was Tim in the week before 16 November 2023?')).toEqual(['2023-11-09', '2023-11-16']);
    expect(days('What did she do the weekend after 1 June 2024?')).toEqual(['2024-06-01', '2024-06-04']);
  });

  it('names no days for a query without a year, a whole year, or a day no calendar has', () => {
    expect(days('Which outdoor spot did Joanna visit in May?')).toBeNull();
    expect(days('When did Caroline go to the LGBTQ support group?')).toBeNull();
    expect(days('How many times has Melanie gone to the beach in 2023?')).toBeNull();
    expect(days('What happened on 31 February 2023?')).toBeNull();
  });
});
