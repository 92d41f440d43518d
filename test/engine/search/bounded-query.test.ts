import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../../src/engine/create-engine.js';
import { boundedQuery } from '../../../src/engine/search/bounded-query.js';
import { LIMITS } from '../../../src/schemas/limits.js';
import type { MemoryService } from '../../../src/service/memory-service.js';
import { sharedTestEngine } from '../../support/mcp-targets.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';

/**
 * `count` different made-up words, none a stopword, each its own stem: "wak" to "wzk", then
 * "wbak" to "wzzk", and so on.
 */
const madeUpWords = (count: number, prefix = 'w') =>
  Array.from({ length: count }, (_, i) => {
    const letters = [...i.toString(26)].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 26)));
    return `${prefix}${letters.join('')}k`;
  });

/** A query of exactly `LIMITS.queryChars` characters. */
const longest = (text: string) =>
  text.repeat(Math.ceil(LIMITS.queryChars / text.length)).slice(0, LIMITS.queryChars);

describe('boundedQuery', () => {
  it('leaves a question as written', () => {
    const question = 'What did Caroline do at the LGBTQ support group the week before 9 June 2023?';
    expect(boundedQuery(question)).toBe(question);
  });

  it(`keeps the ${LIMITS.queryTerms} longest distinct words of a long query, in their order`, () => {
    const short = madeUpWords(200);
    const query = `${short.slice(0, 100).join(' ')} xylophones ${short.slice(100).join(' ')} saxophone the of and`;
    expect(boundedQuery(query).split(' ')).toEqual([
      ...short.slice(26, 26 + LIMITS.queryTerms - 2),
      'xylophones',
      'saxophone',
    ]);
  });

  it('counts a word once, whatever its form', () => {
    expect(boundedQuery(longest('Gardening gardens garden ')).split(' ')).toEqual(['gardening']);
    expect(boundedQuery(longest('the of and '))).toBe('the of and');
  });

  it('stays fast at any length', () => {
    const started = performance.now();
    boundedQuery(madeUpWords(100_000).join(' '));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe.each(['pglite', 'postgres'] as const)(`a query of ${LIMITS.queryChars} characters (%s)`, (kind) => {
  let engine: Engine;
  let memory: MemoryService;
  beforeAll(async () => {
    engine = sharedTestEngine(kind);
    memory = engine.memory(uniqueWorkspace('long-query'));
    const words = madeUpWords(60);
    for (let batch = 0; batch < 3; batch++) {
      await memory.addMessages({
        session: 'garden',
        messages: words.slice(batch * 20, batch * 20 + 20).map((word, i) => ({
          peer: i % 2 === 0 ? 'Ada' : 'Bob',
          content: `I planted apples and ${word} in my garden this spring.`,
        })),
      });
    }
    await memory.addMessages({
      session: 'garden',
      messages: [{ peer: 'Ada', content: 'I keep a xylophone in the greenhouse.' }],
    });
    await engine.deriver?.drain();
  });
  afterAll(() => engine.deriver?.drain());

  const queries = {
    'distinct words': longest(`${madeUpWords(800).join(' ')} `),
    'one word again and again': longest('apples '),
  };

  // Before, a 4,000-character query of one repeated word took 4.7 s to search on Postgres and 7 s
  // to chat; 35,000 characters never returned on PGlite.
  it.each(Object.entries(queries))('of %s answers search and chat promptly', async (_label, query) => {
    const started = performance.now();
    await memory.search({ query, limit: 10 });
    await memory.chat({ peer: 'Ada', query, reasoning_level: 'medium' });
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('finds what its rarest words name', async () => {
    const query = longest(`${madeUpWords(100, 'q').join(' ')} xylophone greenhouse `);
    expect((await memory.search({ query, limit: 3 })).messages[0]?.content).toBe(
      'I keep a xylophone in the greenhouse.',
    );
    expect(await memory.chat({ peer: 'Ada', query, reasoning_level: 'minimal' })).toEqual({
      content: 'Ada keeps a xylophone in the greenhouse.',
    });
  });
});
