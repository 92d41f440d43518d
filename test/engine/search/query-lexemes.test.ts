import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import { queryLexemes } from '../../../src/engine/search/query-lexemes.js';
import { withoutNames } from '../../../src/engine/search/without-names.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';
import { openTestDatabase } from '../../support/test-database.js';

const QUERIES = [
  "What did Caroline's sister and CAROLINE, Mel… paint?",
  'When did Melanie go camping with the kids in the well-known co-operative park?',
  '  Caroline?  ',
  'What is the e-mail of the U.S. office, ask bob@example.com or see https://example.com/a-b',
  'Wie geht’s? Übermorgen fahren wir nach Zürich 2023-05-07 um 10:30',
  `${'pottery '.repeat(300)}and more`,
];

describe.each(['pglite', 'postgres'] as const)('query lexemes on %s', (kind) => {
  let database: Database;
  let engine: Engine;
  const workspace = uniqueWorkspace('lexemes');

  beforeAll(async () => {
    database = await openTestDatabase(kind, 'query_lexemes');
    engine = createEngine(database, {
      learning: createLearning(OFFLINE_LEARNING),
      contextTokens: 8192,
      deriver: false,
    });
    await engine.memory(workspace).addMessages({
      session: 'talk',
      messages: [
        { peer: 'Caroline', content: 'Hi Mel!' },
        { peer: 'Mel', content: 'Hi Caroline!' },
      ],
    });
  });
  afterAll(async () => {
    await engine.stop();
    await database.close();
  });

  async function stemmed(text: string): Promise<string[]> {
    const [row] = await database.query<{ lexemes: string[] }>(
      `SELECT coalesce(tsvector_to_array(to_tsvector('english', $1)), '{}') AS lexemes`,
      [text],
    );
    return [...(row?.lexemes ?? [])].sort();
  }

  it('stems the query without the peers’ names as Postgres stems the text without them, in one go', async () => {
    for (const query of QUERIES.slice(0, 5)) {
      const found = await queryLexemes(database, workspace, query);
      expect(found.peers.sort()).toEqual(['Caroline', 'Mel']);
      const words = withoutNames(query, ['Caroline', 'Mel']);
      expect(found.words).toBe(words);
      expect(found.lexemes.words).toEqual(await stemmed(words));
      expect([...found.lexemes.query].sort()).toEqual(await stemmed(query));
    }
  });

  it('keeps a long query to its rarest words', async () => {
    const found = await queryLexemes(database, workspace, QUERIES[5] ?? '');
    expect(found.lexemes.words).toEqual(['potteri']);
    expect(found.lexemes.query).toEqual(['potteri']);
  });
});
