import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine/create-engine.js';
import type { Database } from '../../../src/engine/database/database.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import { readFollowingMessages } from '../../../src/engine/reads/read-following-messages.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';
import { openTestDatabase } from '../../support/test-database.js';

describe.each(['pglite', 'postgres'] as const)('readFollowingMessages on %s', (kind) => {
  let database: Database;
  const workspace = uniqueWorkspace('following');
  const ids = new Map<string, string>();

  beforeAll(async () => {
    database = await openTestDatabase(kind, 'read_following_messages');
    const memory = createEngine(database, {
      learning: createLearning(OFFLINE_LEARNING),
      contextTokens: 8192,
      deriver: false,
    }).memory(workspace);
    const at = (minute: number) => `2026-04-01T12:0${minute}:00.000Z`;
    for (const session of ['birthday', 'later'] as const) {
      const turns =
        session === 'birthday'
          ? [
              ['ada', 'We celebrated my daughter’s birthday with a concert.'],
              ['bob', 'Who performed?'],
              ['ada', 'It was Matt Patterson!'],
              ['bob', 'Lucky you.'],
            ]
          : [['ada', 'Back home now.']];
      const { messages } = await memory.addMessages({
        session,
        messages: turns.map(([peer, content], i) => ({
          peer: peer as string,
          content: content as string,
          created_at: at(i),
        })),
      });
      for (const message of messages) ids.set(message.content, message.id);
    }
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  const id = (content: string) => ids.get(content) as string;
  const contents = async (given: string[], count: number) =>
    (await readFollowingMessages(database, workspace, given.map(id), count)).map(
      (message) => message.content,
    );

  it('reads the turns said after a message in its session, in order, and no further than asked', async () => {
    expect(await contents(['We celebrated my daughter’s birthday with a concert.'], 2)).toEqual([
      'Who performed?',
      'It was Matt Patterson!',
    ]);
    expect(await contents(['Who performed?'], 1)).toEqual(['It was Matt Patterson!']);
  });

  it("stops at the session's end, and gives each message once", async () => {
    expect(await contents(['It was Matt Patterson!'], 5)).toEqual(['Lucky you.']);
    expect(await contents(['Who performed?', 'It was Matt Patterson!'], 2)).toEqual([
      'It was Matt Patterson!',
      'Lucky you.',
    ]);
    expect(await contents(['Back home now.'], 2)).toEqual([]);
  });

  it('reads nothing for no message, or for a message of another workspace', async () => {
    expect(await readFollowingMessages(database, workspace, [], 2)).toEqual([]);
    expect(await readFollowingMessages(database, 'elsewhere', [id('Who performed?')], 2)).toEqual([]);
  });
});
