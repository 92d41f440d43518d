import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

// Evidence that holds the question's verb and a value of the kind asked, its object a pronoun or
// the value itself, speaks of what the question asks though it does not name it.
describe('offline answers from the value asked beside the question verb', () => {
  it('answers "how long?" from the verb and a duration, the thing asked of said as "it"', async () => {
    const repair = [
      said('sofia', 'A courier picks the kettle up on Wednesday.', '2026-05-04'),
      said('sofia', 'It usually takes about ten days.', '2026-05-04'),
    ];
    expect(await ask('How long does the repair take?', repair, 'sofia')).toContain('ten days');
  });

  it('answers a measure asked of ("what frame rate?") from the verb and its number', async () => {
    expect(
      await ask(
        'What frame rate do they target?',
        [said('rosa', 'We target 60 fps on the handheld.', '2026-03-01')],
        'rosa',
      ),
    ).toContain('60');
  });

  it('answers "how much?" of money with an amount said by what it buys, though no currency is named', async () => {
    const rent = [
      said('sam', 'my landlord is raising the rent to 1,450 a month from July, ugh', '2026-05-04'),
    ];
    expect(await ask("How much will Sam's rent be from July?", rent, 'sam')).toBe('1,450 a month');
    // A count of times is no money.
    expect(
      await ask(
        'How much does Sam pay for the gym?',
        [said('sam', 'I go to the gym 3 times a week', '2026-05-04')],
        'sam',
      ),
    ).toBeNull();
  });

  it('answers "how many?" with the thousands written onto a count ("15k calls"), not the digits alone', async () => {
    expect(
      await ask(
        'How many API calls can they make a day?',
        [
          said(
            'lena',
            "the sync broke again, it's the API quota, we're capped at 15k calls a day",
            '2026-04-09',
          ),
        ],
        'lena',
      ),
    ).toContain('15k');
  });

  it('answers "who did she hand it to?" from the verb done to "it" and the name after it', async () => {
    expect(
      await ask(
        'Who did Leo hand the request over to?',
        [said('leo', "I've handed it over to our engineer Mei.", '2026-06-01')],
        'leo',
      ),
    ).toContain('Mei');
  });

  it('answers "how much?" from the verb and the amount after its preposition', async () => {
    expect(
      await ask(
        'How much was refunded to Omar?',
        [said('sofia', "I've approved a refund of 64.99 GBP, it shows in 3 days.", '2026-05-04')],
        'sofia',
      ),
    ).toContain('64.99');
  });

  it('does not answer from the verb done to another thing than the one asked of', async () => {
    expect(
      await ask(
        'How long has Dave been learning the violin?',
        [said('dave', "I've been learning the piano for three years now.", '2026-01-10')],
        'dave',
      ),
    ).toBeNull();
  });
});
