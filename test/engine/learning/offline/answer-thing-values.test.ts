import { describe, expect, it } from 'vitest';
import { ask, said } from './ask-offline.js';

// Things and amounts asked for in words the parse reads otherwise than people mean them.
describe('offline answers for things and amounts', () => {
  it('keeps the number after an abbreviation with the street it numbers', async () => {
    expect(
      await ask(
        "What is Bruno's address?",
        [said('bruno', 'my address is new, it is Bahnhofstr. 7, 04109 Leipzig', '2026-04-02')],
        'bruno',
      ),
    ).toContain('Bahnhofstr. 7');
  });

  it('answers "how much?" with the amount, not the day or the hour said beside it', async () => {
    expect(
      await ask(
        'How much store credit did Pavel give?',
        [
          said(
            'pavel',
            "The courier comes Monday 14 April at 9am, and I've given you £25 store credit",
            '2026-04-02',
          ),
        ],
        'pavel',
      ),
    ).toContain('25');
  });

  it('does not count a day of the month as a number of things', async () => {
    expect(
      await ask(
        'How many boxes did Irma pack?',
        [said('irma', 'by 12 June I had packed 30 boxes', '2026-06-13')],
        'irma',
      ),
    ).toContain('30');
  });

  it('answers "which plan?" with the plan a name stands before, though "plan" alone names no thing', async () => {
    const chat = [said('ola', 'ok so our workspace is on the Growth plan from today', '2026-04-02')];
    expect(await ask('Which plan is Ola on?', chat, 'ola')).toBe('Growth plan');
    // Plans as intentions say nothing by the words before them.
    const intentions = [said('ola', 'we have big plans for the summer, mostly camping', '2026-04-02')];
    expect(await ask('What plans does Ola have?', intentions, 'ola')).not.toBe('big plans');
  });
});
