import { describe, expect, it } from 'vitest';
import { throttledProgress } from '../../src/mcp/progress.js';

describe('throttledProgress', () => {
  it('sends the first and the last step of a fast loop, and nothing in between', async () => {
    const sent: number[] = [];
    const report = throttledProgress(async ({ progress }) => {
      sent.push(progress);
    }, 60_000);
    for (let done = 0; done <= 1000; done++) await report(done, 1000, `step ${done}`);
    expect(sent).toEqual([0, 1000]);
  });

  it('sends one step per interval, each further than the last', async () => {
    const sent: { progress: number; total: number; message: string }[] = [];
    const report = throttledProgress(async (update) => {
      sent.push(update);
    }, 20);
    await report(1, 10, 'one');
    await report(1, 10, 'one again');
    await new Promise((resolve) => setTimeout(resolve, 30));
    await report(5, 10, 'five');
    await report(3, 10, 'a step back');
    await report(10, 10, 'done');
    expect(sent).toEqual([
      { progress: 1, total: 10, message: 'one' },
      { progress: 5, total: 10, message: 'five' },
      { progress: 10, total: 10, message: 'done' },
    ]);
  });
});
