import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import type { Learning } from '../../../src/engine/learning/learning.js';
import { createMessageVectorCache } from '../../../src/engine/search/message-vector-cache.js';
import { createVectorSearch } from '../../../src/engine/search/vector-search.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';
import { openTestDatabase } from '../../support/test-database.js';

const TURNS = [
  { session: 'travel', peer: 'ada', content: 'We flew to Lisbon and walked along the river at sunset.' },
  { session: 'travel', peer: 'ada', content: 'The train from Porto to Lisbon took three hours.' },
  { session: 'work', peer: 'ada', content: 'I work night shifts as a nurse at the hospital.' },
  { session: 'work', peer: 'bo', content: 'My manager asked me to review the quarterly budget.' },
  { session: 'pets', peer: 'bo', content: 'Our dog loves chasing the cat around the garden.' },
  { session: 'pets', peer: 'ada', content: 'I adopted a kitten from the animal shelter last week.' },
] as const;

// PGlite ships pgvector; the Postgres server these tests use has no package for it, so it keeps
// the in-memory path. Both must find the same nearest messages.
describe.each([
  ['pglite', 'pgvector'],
  ['postgres', 'in-memory'],
] as const)('vector search on %s uses %s', (kind, expectedPath) => {
  let database: Database;
  let engine: Engine;
  let learning: Learning;
  const workspace = uniqueWorkspace('vectors');
  const seqOf = new Map<string, string>();

  beforeAll(async () => {
    database = await openTestDatabase(kind, 'vector_search');
    learning = createLearning(OFFLINE_LEARNING);
    engine = createEngine(database, {
      learning,
      contextTokens: 8192,
      deriver: { ...DEFAULT_DERIVER, pollMs: 60_000 },
    });
    const memory = engine.memory(workspace);
    for (const turn of TURNS) {
      await memory.addMessages({
        session: turn.session,
        messages: [{ peer: turn.peer, content: turn.content }],
      });
    }
    await engine.deriver?.drain();
    const rows = await database.query<{ seq: string; content: string }>(
      'SELECT seq::text AS seq, content FROM messages WHERE workspace_id = $1',
      [workspace],
    );
    for (const row of rows) seqOf.set(row.content, row.seq);
  });
  afterAll(async () => {
    await engine.stop();
    await database.close();
  });

  const embed = async (text: string) => (await learning.embedder.embed([text]))[0] as Float32Array;
  const contents = (seqs: string[]) =>
    seqs.map((seq) => [...seqOf].find(([, value]) => value === seq)?.[0] ?? `unknown seq ${seq}`);

  it('reports its path in get_deriver_status', async () => {
    const status = await engine.memory(workspace).getDeriverStatus({});
    expect(status.vector_search).toBe(expectedPath);
    expect(await createVectorSearch(database).path()).toBe(expectedPath);
  });

  it('finds the nearest messages, in the same order as brute force over every vector', async () => {
    const vectors = createVectorSearch(database);
    const bruteForce = createMessageVectorCache(database);
    for (const question of ['a trip by train to a city', 'a cat or a kitten', 'a job at a hospital']) {
      const query = await embed(question);
      const options = { limit: 3, minSimilarity: 0 };
      const found = await vectors.nearest(workspace, learning.embedder.model, query, options);
      expect(found.length).toBeGreaterThan(0);
      expect(found).toEqual(await bruteForce.nearest(workspace, learning.embedder.model, query, options));
    }
    const [first] = contents(
      await vectors.nearest(workspace, learning.embedder.model, await embed('the kitten from the shelter'), {
        limit: 1,
        minSimilarity: 0.4,
      }),
    );
    expect(first).toBe('I adopted a kitten from the animal shelter last week.');
  });

  it('keeps to the session and the peer it is asked about', async () => {
    const vectors = createVectorSearch(database);
    const query = await embed('animals at home');
    const options = { limit: 10, minSimilarity: 0 };
    const inPets = contents(
      await vectors.nearest(workspace, learning.embedder.model, query, options, { session: 'pets' }),
    );
    expect(inPets.sort()).toEqual(
      TURNS.filter((turn) => turn.session === 'pets')
        .map((turn) => turn.content)
        .sort(),
    );
    const byBo = contents(
      await vectors.nearest(workspace, learning.embedder.model, query, options, { peer: 'bo' }),
    );
    expect(byBo.sort()).toEqual(
      TURNS.filter((turn) => turn.peer === 'bo')
        .map((turn) => turn.content)
        .sort(),
    );
    const elsewhere = await vectors.nearest(
      uniqueWorkspace('empty'),
      learning.embedder.model,
      query,
      options,
    );
    expect(elsewhere).toEqual([]);
  });

  it('sees messages learned after its first query, and forgets deleted ones', async () => {
    const vectors = createVectorSearch(database);
    const query = await embed('a violin concert in the park');
    const options = { limit: 10, minSimilarity: 0.4 };
    expect(contents(await vectors.nearest(workspace, learning.embedder.model, query, options))).not.toContain(
      'We heard a violin concert in the park.',
    );
    const memory = engine.memory(workspace);
    await memory.addMessages({
      session: 'music',
      messages: [{ peer: 'ada', content: 'We heard a violin concert in the park.' }],
    });
    await engine.deriver?.drain();
    const [row] = await database.query<{ seq: string }>(
      `SELECT seq::text AS seq FROM messages WHERE workspace_id = $1 AND session_id = 'music'`,
      [workspace],
    );
    seqOf.set('We heard a violin concert in the park.', row?.seq ?? '');
    expect(contents(await vectors.nearest(workspace, learning.embedder.model, query, options))[0]).toBe(
      'We heard a violin concert in the park.',
    );
    await memory.deleteSession({ session: 'music' });
    const { messages } = await memory.search({ query: 'a violin concert in the park', limit: 10 });
    expect(messages.map((message) => message.content)).not.toContain(
      'We heard a violin concert in the park.',
    );
    // The index loses the row with its message; the in-memory vectors drop it when results are read.
    if (expectedPath === 'pgvector') {
      expect(
        contents(await vectors.nearest(workspace, learning.embedder.model, query, options)),
      ).not.toContain('We heard a violin concert in the park.');
    }
  });

  it('answers search through the engine with the semantic match', async () => {
    const { messages } = await engine
      .memory(workspace)
      .search({ query: 'budget review at the office', limit: 3 });
    expect(messages.map((message) => message.content)).toContain(
      'My manager asked me to review the quarterly budget.',
    );
  });
});
