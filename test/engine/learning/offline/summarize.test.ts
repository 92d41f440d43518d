import { describe, expect, it } from 'vitest';
import { summarize } from '../../../../src/engine/learning/offline/summarize.js';
import type { SpokenMessage } from '../../../../src/engine/learning/reasoner.js';
import { LIMITS } from '../../../../src/schemas/limits.js';

const said = (id: string, peer_id: string, content: string): SpokenMessage => ({
  id,
  peer_id,
  content,
  created_at: '2023-05-08T13:56:00.000Z',
});

describe('summarize', () => {
  it('keeps the sentences on the topics that recur, in the order said, each by its speaker', async () => {
    const summary = await summarize(
      [
        said('1', 'Ada', 'I planted tomatoes in the garden behind my house this spring.'),
        said('2', 'Bob', 'Did you water them?'),
        said('3', 'Bob', 'My garden has tomatoes and beans growing along the fence.'),
        said('4', 'Ada', 'The weather was cold and grey all week long here.'),
      ],
      40,
    );
    expect(summary).toBe(
      "Ada planted tomatoes in the garden behind Ada's house this spring. Bob's garden has tomatoes and beans growing along the fence.",
    );
  });

  // Before, three such messages were read in one go, the server answering nothing for minutes.
  it('reads the longest messages within its time, letting other work run between sentences', async () => {
    const prose =
      'I moved from Sweden four years ago and I work as a nurse at the city hospital. Yesterday I went ' +
      'to a support group with my sister, and it was great! My dog Rex loves the park near our house. ';
    const content = prose.repeat(Math.ceil(LIMITS.messageChars / prose.length)).slice(0, LIMITS.messageChars);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    const summary = await summarize(
      ['1', '2', '3'].map((id) => said(id, 'Ada', content)),
      300,
    );
    clearInterval(timer);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(ticks).toBeGreaterThan(20);
    expect(summary).toContain('Ada works as a nurse at the city hospital.');
    expect(summary.length).toBeLessThanOrEqual(300 * 4);
  });
});
