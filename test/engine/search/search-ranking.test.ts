import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import { favourPeer } from '../../../src/engine/search/favour-peer.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';
import { openTestDatabase } from '../../support/test-database.js';

type Said = { peer: string; content: string; created_at?: string };

describe.each(['pglite', 'postgres'] as const)(
  'search ranks by conversation, days and speaker (%s)',
  (kind) => {
    let database: Database;
    let engine: Engine;
    beforeAll(async () => {
      database = await openTestDatabase(kind, 'search_ranking');
      // No deriver: these rankings read the messages themselves, not what was learned from them.
      engine = createEngine(database, {
        learning: createLearning(OFFLINE_LEARNING),
        contextTokens: 8192,
        deriver: false,
      });
    });
    afterAll(async () => {
      await engine.stop();
      await database.close();
    });

    async function searchOf(sessions: Record<string, Said[]>, query: string, limit = 3): Promise<string[]> {
      const memory = engine.memory(uniqueWorkspace('ranking'));
      for (const [session, messages] of Object.entries(sessions))
        await memory.addMessages({ session, messages });
      const { messages } = await memory.search({ query, limit });
      return messages.map((message) => message.content);
    }

    it('finds the reply to a question the query matches, though the reply shares none of its words', async () => {
      const found = await searchOf(
        {
          party: [
            { peer: 'ada', content: 'We had a concert for my daughter’s birthday last night!' },
            { peer: 'bo', content: 'How fun! Who performed at the concert?' },
            { peer: 'ada', content: 'It was Matt Patterson, he is so talented.' },
            { peer: 'bo', content: 'I love his songs.' },
          ],
          later: [{ peer: 'bo', content: 'The concert in the park was loud, the band performed well.' }],
        },
        'who performed at the concert',
      );
      expect(found[0]).toBe('How fun! Who performed at the concert?');
      expect(found).toContain('It was Matt Patterson, he is so talented.');
    });

    it('finds the answer to a question asked of the best message, which shares none of the query words', async () => {
      const found = await searchOf(
        {
          art: [
            { peer: 'ada', content: 'Check out my painting for the art show!' },
            { peer: 'bo', content: 'Wow, how did you come up with it?' },
            { peer: 'ada', content: 'I made it after I visited the community center.' },
            { peer: 'bo', content: 'Lovely.' },
          ],
          later: [{ peer: 'bo', content: 'The art show downtown was crowded.' }],
        },
        'what inspired the painting for the art show',
      );
      expect(found[0]).toBe('Check out my painting for the art show!');
      expect(found[1]).toBe('I made it after I visited the community center.');
    });

    it("finds the speaker's next message after one of the best, though it shares none of the query words", async () => {
      const found = await searchOf(
        {
          trip: [
            { peer: 'ada', content: 'We went camping in the mountains last week!' },
            { peer: 'bo', content: 'That sounds great.' },
            { peer: 'ada', content: 'We roasted marshmallows and told stories by the fire.' },
            { peer: 'bo', content: 'Lovely.' },
          ],
          gear: [
            { peer: 'bo', content: 'Camping gear is so expensive this year.' },
            { peer: 'ada', content: 'The mountains looked beautiful in your photos.' },
            { peer: 'bo', content: 'I never liked camping much, too cold.' },
          ],
        },
        'what did they do camping in the mountains',
        5,
      );
      expect(found[0]).toBe('We went camping in the mountains last week!');
      expect(found).toContain('We roasted marshmallows and told stories by the fire.');
    });

    it('ranks first what was said in or just after the days the query names', async () => {
      const found = await searchOf(
        {
          may: [
            {
              peer: 'ada',
              content: 'I watched The Lord of the Rings last night.',
              created_at: '2022-05-02T10:00:00Z',
            },
          ],
          september: [
            {
              peer: 'ada',
              content: 'I watched the football final last night.',
              created_at: '2022-09-02T10:00:00Z',
            },
          ],
        },
        'What did ada watch on 1 May, 2022?',
        1,
      );
      expect(found).toEqual(['I watched The Lord of the Rings last night.']);
    });

    it('counts the other peers’ messages for less in a query naming one peer', async () => {
      const workspace = uniqueWorkspace('favour');
      await engine.memory(workspace).addMessages({
        session: 'potluck',
        messages: [
          { peer: 'ada', content: 'I cooked risotto.' },
          { peer: 'bo', content: 'I cooked lasagna for the potluck.' },
        ],
      });
      const rows = await database.query<{ seq: string; peer_id: string }>(
        'SELECT seq::text AS seq, peer_id FROM messages WHERE workspace_id = $1',
        [workspace],
      );
      const scores = new Map(rows.map((row) => [row.seq, 1]));
      const speakers = new Map(rows.map((row) => [row.seq, row.peer_id]));
      favourPeer(scores, speakers, 'ada', 0.5);
      expect(Object.fromEntries(rows.map((row) => [row.peer_id, scores.get(row.seq)]))).toEqual({
        ada: 1,
        bo: 0.5,
      });
    });
  },
);
