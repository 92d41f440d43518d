import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../../src/engine/create-engine.js';
import { createGatewayBackend } from '../../../src/engine/create-gateway-backend.js';
import type { Database } from '../../../src/engine/database/database.js';
import { openDatabase } from '../../../src/engine/database/open-database.js';
import { createLearning, OFFLINE_LEARNING } from '../../../src/engine/learning/create-learning.js';
import type { GatewayBackend } from '../../../src/service/gateway-backend.js';
import { POSTGRES_URL } from '../../support/postgres.js';
import { uniqueWorkspace } from '../../support/temp-dir.js';

// What an unsettled payment takes back, and what it must leave: rows another request has used
// since. Those would otherwise go by ON DELETE CASCADE, taking that request's data with them.
describe.each(['pglite', 'postgres'] as const)('withdrawing an unpaid write (%s)', (kind) => {
  let database: Database;
  let engine: Engine;
  let backend: GatewayBackend;
  beforeAll(() => {
    database =
      kind === 'pglite'
        ? openDatabase({ kind: 'memory' })
        : openDatabase({ kind: 'postgres', url: POSTGRES_URL });
    engine = createEngine(database, {
      learning: createLearning(OFFLINE_LEARNING),
      contextTokens: 8192,
      deriver: false,
    });
    backend = createGatewayBackend(database, engine);
  });
  afterAll(async () => {
    await engine.stop();
    await database.close();
  });

  const rows = async (workspace: string) => ({
    workspace: (await database.query('SELECT id FROM workspaces WHERE id = $1', [workspace])).length,
    sessions: await database.query<{ id: string; message_count: number }>(
      'SELECT id, message_count FROM sessions WHERE workspace_id = $1 ORDER BY id',
      [workspace],
    ),
    peers: (
      await database.query<{ id: string }>('SELECT id FROM peers WHERE workspace_id = $1 ORDER BY id', [
        workspace,
      ])
    ).map((row) => row.id),
    members: await database.query<{ session_id: string; peer_id: string }>(
      'SELECT session_id, peer_id FROM session_peers WHERE workspace_id = $1 ORDER BY session_id, peer_id',
      [workspace],
    ),
    messages: (
      await database.query<{ content: string }>(
        'SELECT content FROM messages WHERE workspace_id = $1 ORDER BY seq',
        [workspace],
      )
    ).map((row) => row.content),
    tasks: (await database.query('SELECT 1 FROM derivation_tasks WHERE workspace_id = $1', [workspace]))
      .length,
  });

  const NOTHING_LEFT = { workspace: 0, sessions: [], peers: [], members: [], messages: [], tasks: 0 };

  it('messages: everything the write created goes when nothing else used it', async () => {
    const workspace = uniqueWorkspace('withdraw-alone');
    const write = await backend.addMessagesProvisionally(workspace, {
      session: 's',
      messages: [{ peer: 'alice', content: 'unpaid' }],
    });
    await write.withdraw();
    expect(await rows(workspace)).toEqual(NOTHING_LEFT);
  });

  it('messages: a session and workspace that another write used since stay, with its messages', async () => {
    const workspace = uniqueWorkspace('withdraw-shared');
    const unpaid = await backend.addMessagesProvisionally(workspace, {
      session: 's',
      messages: [{ peer: 'alice', content: 'unpaid' }],
    });
    // Another request writes to the new session before the first one's settlement fails.
    await backend
      .memory(workspace)
      .addMessages({ session: 's', messages: [{ peer: 'bob', content: 'paid' }] });
    await unpaid.withdraw();
    expect(await rows(workspace)).toMatchObject({
      workspace: 1,
      sessions: [{ id: 's', message_count: 1 }],
      peers: ['bob'],
      members: [{ session_id: 's', peer_id: 'bob' }],
      messages: ['paid'],
    });
  });

  it('messages: an author who has a card since stays', async () => {
    const workspace = uniqueWorkspace('withdraw-card');
    const unpaid = await backend.addMessagesProvisionally(workspace, {
      session: 's',
      messages: [{ peer: 'alice', content: 'unpaid' }],
    });
    await backend.memory(workspace).setPeerCard({ peer: 'alice', card: ['Lives in Lisbon'] });
    await unpaid.withdraw();
    expect((await rows(workspace)).peers).toEqual(['alice']);
  });

  it.runIf(kind === 'postgres')(
    'messages: a write that commits while the withdrawal waits for the session keeps it',
    async () => {
      const workspace = uniqueWorkspace('withdraw-race');
      const unpaid = await backend.addMessagesProvisionally(workspace, {
        session: 's',
        messages: [{ peer: 'alice', content: 'unpaid' }],
      });
      // Another connection writes to the session as add_messages does, and holds its row lock
      // while the withdrawal starts; the withdrawal's snapshot predates that write.
      const other = postgres(POSTGRES_URL, { max: 1, onnotice: () => {} });
      try {
        let withdrawal: Promise<void> | undefined;
        await other.begin(async (tx) => {
          await tx`UPDATE sessions SET message_count = message_count + 1 WHERE workspace_id = ${workspace} AND id = 's'`;
          await tx`INSERT INTO peers (workspace_id, id) VALUES (${workspace}, 'bob')`;
          await tx`INSERT INTO session_peers (workspace_id, session_id, peer_id) VALUES (${workspace}, 's', 'bob')`;
          await tx`INSERT INTO messages (workspace_id, session_id, peer_id, content, token_count, created_at)
                   VALUES (${workspace}, 's', 'bob', 'paid', 1, now())`;
          withdrawal = unpaid.withdraw();
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
        await withdrawal;
      } finally {
        await other.end();
      }
      expect(await rows(workspace)).toMatchObject({
        workspace: 1,
        sessions: [{ id: 's', message_count: 1 }],
        messages: ['paid'],
      });
    },
  );

  it('chat: the peer, target and session it created go when its payment fails', async () => {
    const workspace = uniqueWorkspace('withdraw-chat');
    const chat = await backend.chatProvisionally(workspace, {
      peer: 'alice',
      target: 'bob',
      session: 's',
      query: 'What does bob like?',
      reasoning_level: 'minimal',
    });
    expect(chat.output).toHaveProperty('content');
    expect((await rows(workspace)).peers).toEqual(['alice', 'bob']);
    await chat.withdraw();
    expect(await rows(workspace)).toEqual(NOTHING_LEFT);
  });

  it('chat: what existed before, or was used since, stays', async () => {
    const workspace = uniqueWorkspace('withdraw-chat-shared');
    await backend
      .memory(workspace)
      .addMessages({ session: 'old', messages: [{ peer: 'alice', content: 'hi' }] });
    const chat = await backend.chatProvisionally(workspace, {
      peer: 'alice',
      session: 'new',
      query: 'What did I say?',
      reasoning_level: 'minimal',
    });
    await backend
      .memory(workspace)
      .addMessages({ session: 'new', messages: [{ peer: 'carol', content: 'joined' }] });
    await chat.withdraw();
    expect(await rows(workspace)).toMatchObject({
      workspace: 1,
      sessions: [
        { id: 'new', message_count: 1 },
        { id: 'old', message_count: 1 },
      ],
      peers: ['alice', 'carol'],
      members: [
        { session_id: 'new', peer_id: 'carol' },
        { session_id: 'old', peer_id: 'alice' },
      ],
    });
  });
});
