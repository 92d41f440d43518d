import fc from 'fast-check';
import { countTokens as countWhole } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countTokens } from '../../src/engine/count-tokens.js';

const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };
const exactly = (text: string) => countWhole(text, AS_PLAIN_TEXT);

const PROSE =
  'I moved from Sweden four years ago, and I work as a nurse at the city hospital. My dog Rex (3) loves it! ';

describe('countTokens', () => {
  it('counts ordinary text exactly as the encoder does', async () => {
    const texts = [
      '',
      PROSE,
      PROSE.repeat(1000),
      'See https://example.com/a/b?c=1&d=two#frag or mail ada@example.org, 3.14159 and 1,000,000.',
      'function add(a, b) {\n\treturn a + b;\r\n}\n\n\n    // done',
      '我昨天去了公园，天气很好。然后我们吃了午饭！',
      'Ça va? Grüße aus Zürich 🌍🎉 — naïve café, <|endoftext|> as text',
      // Runs as long as an ordinary text holds: a piece takes the space before it.
      `${'x'.repeat(256)} ${'-'.repeat(255)} ${' '.repeat(256)}y`,
    ];
    expect(await countTokens(texts)).toEqual(texts.map(exactly));
  });

  it('counts any text of ordinary pieces exactly as the encoder does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 300 }), { maxLength: 5 }),
        async (texts) => {
          expect(await countTokens(texts)).toEqual(texts.map(exactly));
        },
      ),
      { numRuns: 300 },
    );
  });

  // Each took seconds before (a whole run is one piece, encoded in quadratic time): 9 s, 64 s, 31 s.
  it.each([
    ['100,000 letters', 'a'.repeat(100_000), 12_500],
    ['100,000 CJK characters', '中'.repeat(100_000), 100_000],
    ['50,000 emoji', '😀'.repeat(50_000), 50_000],
  ])('counts a run of %s without a break in well under a second', async (_label, text, tokens) => {
    const started = performance.now();
    expect(await countTokens([text])).toEqual([tokens]);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('estimates a long run within a few tokens and counts the text around it exactly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 200 }),
        fc.constantFrom('a', 'Z', '中', '😀', ' ', '\n', '-', '7', 'é'),
        fc.integer({ min: 257, max: 3000 }),
        fc.string({ maxLength: 200 }),
        async (before, character, length, after) => {
          const text = `${before}${character.repeat(length)}${after}`;
          const [counted = 0] = await countTokens([text]);
          expect(Math.abs(counted - exactly(text))).toBeLessThanOrEqual(2 * Math.ceil((length + 1) / 256));
        },
      ),
      { numRuns: 200 },
    );
  });
});
