import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

// "When?" is answered by the time the evidence says, resolved to its day, before the day the
// message was written: people say when in the sentence beside the one that names what happened.
describe('offline answers to "when?"', () => {
  it('takes the time said in another sentence of the same message', async () => {
    const hike = [
      said(
        'nadia',
        'My cousins and my old climbing crew are the best. We did the ridge walk together last weekend!',
        '2026-05-14',
      ),
    ];
    expect(await ask('When did Nadia go out with her cousins and her climbing crew?', hike, 'nadia')).toBe(
      'the weekend before 14 May 2026',
    );
  });

  it("does not take a plan's day from beside it for when something happened", async () => {
    const studio = [
      said(
        'omar',
        "I'm growing the bakery's newsletter and adding weekend baking classes. We're also opening a second shop next month.",
        '2026-04-03',
      ),
    ];
    expect(await ask("When did Omar start growing the bakery's newsletter?", studio, 'omar')).toBe(
      '3 April 2026',
    );
  });

  it('answers "a few years ago" as said, bounded by the day it was said, not as that day', async () => {
    const ink = [said('leo', 'I got this tattoo a few years ago, it is for my grandfather.', '2026-02-08')];
    expect(await ask('When did Leo get his tattoo?', ink, 'leo')).toBe('a few years before 8 February 2026');
    // A question that does not ask when is answered without it.
    expect(await ask("What is Leo's tattoo for?", ink, 'leo')).not.toContain('before');
  });

  it('finds a relative said fondly for one asked of formally', async () => {
    const loss = [said('ines', 'Last week my grandma passed away, so I was with my family.', '2026-03-06')];
    expect(await ask("When did Ines's grandmother pass away?", loss, 'ines')).toBe(
      'the week before 6 March 2026',
    );
  });

  it('reads a month written in lower case, as chat writes it, as the next such month', async () => {
    const baby = [said('sol', 'huge news, we are expecting!! due in february 😭', '2026-07-20')];
    expect(await ask("When is Sol's baby due?", baby, 'sol')).toBe('February 2027');
  });

  it('reads further down the evidence for a time said in words than for other spans', async () => {
    // Five turns about the beach say no time; the sixth, which fits as well, says one. The day a
    // message was written is the answer only when no evidence that fits as well says when.
    const beach = [
      'The beach was so windy!',
      'Kids loved the beach, they built a huge sandcastle.',
      'The beach is my happy place.',
      'Beach days are the best days.',
      'I miss the beach already.',
      'We had the beach to ourselves last December.',
    ].map((content, at) => said('maria', content, `2026-03-0${at + 1}`));
    expect(await ask('When did Maria go to the beach?', beach)).toBe('December 2025');
  });
  it('reads a day without its year that starts or ends a span as near the message, whatever the tense', async () => {
    // The past tense is of the act ("I've paused"), not of the weeks it covers, which lie ahead.
    const pause = [
      said(
        'kemi',
        "Done! I've paused your box deliveries from 4 Nov till 4 Jan, nothing will be charged.",
        '2026-11-01',
      ),
    ];
    expect(await ask('When are the box deliveries paused?', pause, 'kemi')).toBe('4 November 2026');
    // A span told of as over is still the one just before.
    const shut = [said('kemi', 'The bakery was shut from 9 March to 16 March for repairs.', '2026-04-22')];
    expect(await ask('When was the bakery shut?', shut, 'kemi')).toBe('9 March 2026');
  });

  it('takes the date of the clause that shares the words of the question, not the first date', async () => {
    // Two times in one sentence, each of its own verb: the one asked of is in the clause of the verb asked.
    const keys = [
      said(
        'olu',
        "fyi the API key rotates on Thursday, I'll update the secrets by Wednesday EOD",
        '2026-09-07',
      ),
    ];
    expect(await ask('When will Olu update the secrets?', keys, 'olu')).toBe('Wednesday 9 September 2026');
    expect(await ask('When does the API key rotate?', keys, 'olu')).toBe('Thursday 10 September 2026');
  });

  it('answers when a span ends with the date that ends it, and when it starts with the one that starts it', async () => {
    const pause = [
      said(
        'kemi',
        "Done! I've paused your box deliveries from 4 Nov till 4 Jan, nothing will be charged.",
        '2026-11-01',
      ),
    ];
    expect(await ask('When does the pause end?', pause, 'kemi')).toBe('4 January 2027');
    expect(await ask('When does the pause start?', pause, 'kemi')).toBe('4 November 2026');
  });

  it('answers a time said as a length from the day it was said with that length and the day it comes to', async () => {
    // "Expires in 7 days" names no date; the day it was written is not when it expires.
    const link = [
      said('alex', "I've sent the export link to your email, it expires in 7 days.", '2026-07-08'),
    ];
    expect(await ask('When does the export link expire?', link, 'alex')).toBe('in 7 days (15 July 2026)');
    // Told of as done, the length is how long it took, not when.
    const build = [said('alex', 'We built the whole shed in 3 days.', '2026-07-08')];
    expect(await ask('When did Alex build the shed?', build, 'alex')).toBe('8 July 2026');
  });

  it('answers "when is?" with the weekday said before a clock time, not the time alone', async () => {
    const lesson = [said('bo', 'hi! your first lesson is Thursday at 6:30pm, bring water 🙂', '2026-09-08')];
    expect(await ask('When is the first lesson?', lesson, 'bo')).toBe('Thursday at 6:30pm');
  });

  it('answers "when is?" with the day said before a clock time, not the time alone', async () => {
    const dentist = [said('sam', 'my dentist appointment got moved to 14 May at 9:30', '2026-05-04')];
    expect(await ask("When is Sam's dentist appointment?", dentist, 'sam')).toBe('14 May 2026 at 9:30');
  });

  it('reads the year of a month by the tense of the clause it is said in, not of a participle or another clause', async () => {
    // "Married" after "is getting" tells of what is to come: the December ahead.
    const wedding = [
      said('sam', "my brother Dev is getting married in Goa in December, I'm the best man", '2026-05-06'),
    ];
    expect(await ask("When is Dev's wedding?", wedding, 'sam')).toBe('December 2026');
    // "Booked" is done, "leaving 12 Dec" is to come.
    const flights = [said('sam', 'booked flights to Goa for the wedding, leaving 12 Dec', '2026-05-25')];
    expect(await ask('When is Sam leaving for Goa?', flights, 'sam')).toBe('12 December 2026');
    const wed = [said('sam', 'we got married in June, best day ever', '2026-11-06')];
    expect(await ask('When did Sam get married?', wed, 'sam')).toBe('June 2026');
  });

  it('answers "when is?" with the date told last of dates that fit as well: a date moved holds', async () => {
    const launch = [
      said('nadia', 'the launch is on 3 March', '2026-01-01'),
      said('nadia', 'the launch got moved to 10 March', '2026-02-10'),
    ];
    expect(await ask('When is the launch?', launch, 'nadia')).toBe('10 March 2026');
    // A month moved to, without its day: the one ahead, though the moving is told as done.
    const ceremony = [
      said('leo', 'my sister Ines is getting her PhD in May, the ceremony is in Coimbra', '2026-01-20'),
      said('leo', "Ines' ceremony got moved to June because of a strike", '2026-04-10'),
    ];
    expect(await ask("When is Ines' ceremony?", ceremony, 'leo')).toBe('June 2026');
    // A later message that tells of the thing as past gives no new date for the plan.
    const camping = [
      said('mel', "we're thinking about going camping in June", '2026-05-02'),
      said('mel', 'we went camping two weeks ago, the kids loved it', '2026-09-13'),
    ];
    expect(await ask('When is Mel planning on going camping?', camping, 'mel')).toBe('June 2026');
  });
});
