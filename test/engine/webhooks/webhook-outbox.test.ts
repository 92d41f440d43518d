import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/engine/database/database.js';
import { addMessages } from '../../../src/engine/operations/add-messages.js';
import { setPeerCard } from '../../../src/engine/operations/set-peer-card.js';
import { openTestDatabase } from '../../support/test-database.js';

describe.each(['pglite', 'postgres'] as const)('the webhook outbox on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind, 'webhook_outbox');
  });
  afterAll(async () => db?.close());

  const deliveries = async () =>
    db.query<{ workspace_id: string; type: string; endpoint_id: string; event_id: string }>(
      'SELECT workspace_id, type, endpoint_id, event_id FROM webhook_deliveries ORDER BY id',
    );

  it('writes nothing for workspaces without endpoints, and one delivery per endpoint for those with some', async () => {
    await addMessages(db, 'quiet', { session: 's', messages: [{ peer: 'a', content: 'hello' }] });
    expect(await deliveries()).toEqual([]);

    await db.query(`INSERT INTO workspaces (id) VALUES ('watched')`);
    const endpoints = await db.query<{ id: string }>(
      `INSERT INTO webhook_endpoints (workspace_id, url, secret)
       VALUES ('watched', 'http://one.example/', 'x'), ('watched', 'http://two.example/', 'y') RETURNING id`,
    );
    // Another workspace's endpoints do not make this one's writes events.
    await addMessages(db, 'quiet', { session: 's', messages: [{ peer: 'a', content: 'again' }] });
    expect(await deliveries()).toEqual([]);

    await addMessages(db, 'watched', {
      session: 's',
      messages: [
        { peer: 'a', content: 'one' },
        { peer: 'a', content: 'two' },
      ],
    });
    // The second append only counts messages on the session row: no session.updated.
    await addMessages(db, 'watched', { session: 's', messages: [{ peer: 'a', content: 'three' }] });
    await setPeerCard(db, 'watched', { peer: 'a', card: ['Says one, two, three'] });
    const written = await deliveries();
    expect(written.every((row) => row.workspace_id === 'watched')).toBe(true);
    const types = written.filter((row) => row.endpoint_id === endpoints[0]?.id).map((row) => row.type);
    // One statement's triggers fire in an order Postgres picks: delivery order is no promise.
    expect(types.toSorted()).toEqual([
      'message.created',
      'message.created',
      'message.created',
      'peer.card_set',
      'peer.created',
      'session.created',
    ]);
    // Each event goes to both endpoints under one event id.
    const perEvent = new Map<string, number>();
    for (const row of written) perEvent.set(row.event_id, (perEvent.get(row.event_id) ?? 0) + 1);
    expect([...perEvent.values()]).toEqual(types.map(() => 2));
  });

  it('rolls back with the change that made it', async () => {
    const before = (await deliveries()).length;
    await expect(
      db.query(
        `WITH s AS (INSERT INTO sessions (workspace_id, id) VALUES ('watched', 'doomed'))
         INSERT INTO messages (workspace_id, session_id, peer_id, content, token_count, created_at)
         VALUES ('watched', 'doomed', 'nobody', 'x', 1, now())`,
      ),
    ).rejects.toThrow();
    expect(await deliveries()).toHaveLength(before);
  });
});
