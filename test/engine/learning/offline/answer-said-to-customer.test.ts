import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

/** A message `peer` wrote at `minute` past ten, so that who replied to whom is clear. */
const at = (peer: string, content: string, minute: number) => ({
  ...said(peer, content, '2026-06-01'),
  created_at: `2026-06-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

// An agent's words to a customer are facts of the customer's: the customer never says them again.
describe('offline answers from what another peer tells the peer', () => {
  const chat = [
    at('noor', "hi, we're on the Basic plan but keep running out of storage", 0),
    at('felix', "I've moved you to the Plus plan, effective today.", 3),
    at('noor', 'brilliant, does the price change', 4),
    at(
      'felix',
      "Your new price is 12 EUR a month. We'll refund what is left of the Basic fee within 5 working days.",
      6,
    ),
  ];

  it("reads what an agent has done for the customer as the customer's", async () => {
    expect(await ask('Which plan did Noor move to?', chat, 'noor')).toContain('Plus');
  });

  it('reads what an agent tells of "your" account as the customer\'s', async () => {
    expect(await ask('How much does Noor pay a month now?', chat, 'noor')).toBe('12 EUR');
  });

  it('answers a question that names no one from what the agent said of the matter', async () => {
    expect(await ask('How long will the refund take?', chat, 'noor')).toContain('5 working days');
  });

  it("answers yes or no from what an agent tells of the customer's rate", async () => {
    const booking = [
      at('leo', 'hi, we arrive on the 10th, two nights', 0),
      at('carla', "Lovely! Breakfast isn't included in your rate, it's 15 EUR per person.", 2),
    ];
    expect(await ask('Is breakfast included for Leo?', booking, 'leo')).toMatch(/^No: carla said: "/);
  });

  it('does not read what a friend says of herself beside "you" as the peer\'s', async () => {
    const friends = [
      at('ana', 'just back from two weeks in Japan, so tired lol', 0),
      at('ben', 'I moved to Lisbon last year, have you ever been?', 2),
    ];
    expect(await ask('Where did Ana move?', friends, 'ana')).toBeNull();
  });
});
