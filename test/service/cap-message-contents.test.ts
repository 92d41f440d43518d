import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/schemas/limits.js';
import { capMessageContents } from '../../src/service/cap-message-contents.js';

const contents = (lengths: number[]) =>
  lengths.map((length, i) => ({ id: String(i), content: 'x'.repeat(length) }));
const totalOf = (messages: { content: string }[]) => messages.reduce((sum, m) => sum + m.content.length, 0);

describe('capMessageContents', () => {
  it('leaves an answer within the limit as it is', () => {
    const messages = contents([10, LIMITS.answerChars - 10]);
    expect(capMessageContents(messages)).toBe(messages);
  });

  it('keeps short messages whole and cuts the longest, each with a marker naming what was left out', () => {
    const messages = contents([
      100,
      LIMITS.messageChars,
      LIMITS.messageChars,
      ...Array(8).fill(LIMITS.messageChars),
    ]);
    const capped = capMessageContents(messages);
    expect(capped[0]).toEqual(messages[0]);
    for (const message of capped.slice(1)) {
      expect(message.content).toMatch(
        /\[… \d+ more characters not shown: list_messages with size \d+ or less/,
      );
    }
    const shown = capped.map((message) => message.content.replace(/\n\[… [^\]]*\]$/, '').length);
    expect(shown.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(LIMITS.answerChars);
    const cut = Number(/\[… (\d+) more/.exec(capped[1]?.content ?? '')?.[1]);
    expect((shown[1] ?? 0) + cut).toBe(LIMITS.messageChars);
    expect(totalOf(capped)).toBeLessThan(LIMITS.answerChars + 200 * capped.length);
  });

  it('never ends a cut on half of a surrogate pair', () => {
    const emoji = '😀'.repeat(LIMITS.messageChars / 2);
    const capped = capMessageContents(
      Array.from({ length: 10 }, (_, i) => ({ id: String(i), content: emoji })),
    );
    for (const message of capped) expect(message.content.isWellFormed()).toBe(true);
  });
});
