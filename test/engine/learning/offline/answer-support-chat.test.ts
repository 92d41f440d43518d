import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

// Support desks and team chats: customers and agents in one conversation, as people write there.
describe('offline answers from support and team chats', () => {
  it('reads what a sentence tells before the question it ends with', async () => {
    // Chat puts a fact and a question in one sentence: "I'm on the Pro plan…, can I downgrade?".
    expect(
      await ask(
        'Which plan was Priyanka on?',
        [
          said(
            'priyanka',
            "hi, I'm on the Pro plan (annual) but we're only 2 people using it, can I downgrade?",
            '2026-04-22',
          ),
          said('alex', 'Sure, done.', '2026-04-22'),
        ],
        'priyanka',
      ),
    ).toContain('Pro');
    expect(
      await ask(
        'What did Ana order?',
        [
          said(
            'ana',
            "I ordered a blue rain jacket last week and it still hasn't shipped, any news?",
            '2026-05-02',
          ),
        ],
        'ana',
      ),
    ).toContain('rain jacket');
  });

  it('reads a sentence that ends in "?" but asks nothing ("…stuck in Leipzig since Monday??")', async () => {
    expect(
      await ask(
        "Where is Ana's parcel?",
        [said('ana', 'the tracking says my parcel is stuck in Leipzig since Monday??', '2026-05-02')],
        'ana',
      ),
    ).toContain('Leipzig');
  });

  it('reads nothing from a sentence that only asks', async () => {
    expect(
      await ask(
        'Which address is the sofa delivered to?',
        [said('gustavo', 'Is the delivery address still 22 Harrow Lane, Bristol?', '2026-03-16')],
        'gustavo',
      ),
    ).toBeNull();
  });

  it('declines "how much did it cost?" when no evidence holds an amount of money', async () => {
    const sofa = [
      said('gustavo', 'the corner sofa came today and one of the legs is snapped', '2026-03-16'),
      said('gustavo', 'grey is fine honestly, I just want a sofa lol.', '2026-03-24'),
    ];
    expect(await ask('How much did the sofa cost?', sofa, 'gustavo')).toBeNull();
    const paid = [...sofa, said('gustavo', 'I paid 899 GBP for the sofa in February.', '2026-03-24')];
    expect(await ask('How much did the sofa cost?', paid, 'gustavo')).toContain('899');
  });
});
