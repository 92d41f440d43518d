import { Honcho } from '@honcho-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, DEFAULT_DERIVER, type Engine } from '../../src/engine/create-engine.js';
import type { Database } from '../../src/engine/database/database.js';
import { createLearning, OFFLINE_LEARNING } from '../../src/engine/learning/create-learning.js';
import type { Listening } from '../../src/http/listen.js';
import { servePlatformInProcess } from '../support/in-process-platform.js';
import { openTestDatabase } from '../support/test-database.js';

const ADMIN_KEY = 'forget-admin-key-for-tests-0123456789';

/**
 * Forgetting a peer and setting its card through the platform API on a real loopback server: raw
 * HTTP for the route the Honcho SDK has no method for, the SDK for cards, SQL for what is left.
 */
describe.each(['pglite', 'postgres'] as const)(
  'the platform API forgets peers and sets cards (%s)',
  (kind) => {
    let database: Database;
    let engine: Engine;
    let server: Listening;

    beforeAll(async () => {
      database = await openTestDatabase(kind, 'forget_platform');
      const learning = createLearning(OFFLINE_LEARNING);
      engine = createEngine(database, {
        learning,
        contextTokens: 8192,
        deriver: { ...DEFAULT_DERIVER, background: false },
      });
      server = await servePlatformInProcess(database, engine, learning, ADMIN_KEY);
    }, 120_000);
    afterAll(async () => {
      await server?.close();
      await engine?.stop();
      await database?.close();
    });

    const request = async (key: string, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return {
        status: response.status,
        body: text === '' ? null : (JSON.parse(text) as Record<string, unknown>),
      };
    };
    const mint = async (query: Record<string, string>) => {
      const minted = await request(ADMIN_KEY, 'POST', `/v3/keys?${new URLSearchParams(query)}`);
      expect(minted.status).toBe(200);
      return minted.body?.key as string;
    };
    const count = async (sql: string, params: unknown[]) =>
      (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]?.n;

    it('DELETE /v3/workspaces/{w}/peers/{p}: 202, nothing of the peer left, a peer.deleted event; a peer key may not', async () => {
      const honcho = new Honcho({ baseURL: server.url, apiKey: ADMIN_KEY, workspaceId: 'forget' });
      const ada = await honcho.peer('ada');
      const bob = await honcho.peer('bob');
      const session = await honcho.session('trip');
      await session.addPeers([ada, bob]);
      await session.addMessages([
        ada.message('I live in Stockholm and I love hiking in the mountains.'),
        bob.message('I live in Oslo.'),
      ]);
      await engine.deriver?.drain();
      await ada.setCard(['Name: Ada']);
      await bob.setCard(['Lives in: Stockholm'], ada);
      await database.query(
        `INSERT INTO webhook_endpoints (workspace_id, url, secret) VALUES ('forget', 'https://example.com/hook', 'whsec')`,
      );

      const adaKey = await mint({ workspace_id: 'forget', peer_id: 'ada' });
      const own = await request(adaKey, 'DELETE', '/v3/workspaces/forget/peers/ada');
      expect(own.status).toBe(403);
      expect(await count('peers WHERE workspace_id = $1 AND id = $2', ['forget', 'ada'])).toBe(1);

      const deleted = await request(ADMIN_KEY, 'DELETE', '/v3/workspaces/forget/peers/ada');
      expect(deleted).toEqual({ status: 202, body: { message: 'peer deleted' } });
      const left = await database.query<Record<string, number>>(
        `SELECT (SELECT count(*)::int FROM peers WHERE workspace_id = $1 AND id = 'ada') AS peers,
              (SELECT count(*)::int FROM messages WHERE workspace_id = $1 AND peer_id = 'ada') AS messages,
              (SELECT count(*)::int FROM observations WHERE workspace_id = $1 AND 'ada' IN (observer_id, observed_id))
                AS observations,
              (SELECT count(*)::int FROM peer_cards WHERE workspace_id = $1 AND 'ada' IN (observer_id, observed_id))
                AS cards,
              (SELECT count(*)::int FROM session_peers WHERE workspace_id = $1 AND peer_id = 'ada') AS memberships,
              (SELECT count(*)::int FROM message_embeddings e WHERE e.workspace_id = $1
                 AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.seq = e.message_seq AND m.peer_id = 'bob'))
                AS embeddings,
              (SELECT count(*)::int FROM api_keys WHERE workspace_id = $1 AND peer_id = 'ada' AND revoked_at IS NULL)
                AS live_keys`,
        ['forget'],
      );
      expect(left).toEqual([
        { peers: 0, messages: 0, observations: 0, cards: 0, memberships: 0, embeddings: 0, live_keys: 0 },
      ]);
      const events = await database.query<{ data: unknown }>(
        `SELECT data FROM webhook_deliveries WHERE workspace_id = 'forget' AND type = 'peer.deleted'`,
      );
      expect(events.map((event) => event.data)).toEqual([{ workspace_id: 'forget', peer_id: 'ada' }]);
      // The key minted for the peer reaches nothing now, not even a peer of the same name made later.
      expect((await request(adaKey, 'GET', '/v3/workspaces/forget/peers/ada/card')).status).toBe(401);

      const again = await request(ADMIN_KEY, 'DELETE', '/v3/workspaces/forget/peers/ada');
      expect(again.status).toBe(404);
      expect(JSON.stringify(again.body)).toContain('ada');
      expect((await session.messages()).items.map((message) => message.peerId)).toEqual(['bob']);
    });

    it('lists the route in /openapi.json, so the console offers it', async () => {
      const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      expect(Object.keys(document.paths['/v3/workspaces/{workspace_id}/peers/{peer_id}'] ?? {})).toContain(
        'delete',
      );
    });

    it('sets a card exactly through the SDK, derived entries included, and clears it with []', async () => {
      const honcho = new Honcho({ baseURL: server.url, apiKey: ADMIN_KEY, workspaceId: 'cards' });
      const cy = await honcho.peer('cy');
      const session = await honcho.session('life');
      await session.addMessages([cy.message('I live in Lisbon and I love hiking in the mountains.')]);
      await engine.deriver?.drain();
      expect(await cy.getCard()).toEqual(['Likes: hiking in the mountains', 'Lives in: Lisbon']);

      expect(await cy.setCard(['Name: Cy', 'Lives in: Lisbon'])).toEqual(['Name: Cy', 'Lives in: Lisbon']);
      await session.addMessages([cy.message('I am thinking about what to cook tonight.')]);
      await engine.deriver?.drain();
      expect(await cy.getCard()).toEqual(['Name: Cy', 'Lives in: Lisbon']);

      expect(await cy.setCard([])).toEqual([]);
      expect(await cy.getCard()).toEqual([]);
      const tooMany = await request(ADMIN_KEY, 'PUT', '/v3/workspaces/cards/peers/cy/card', {
        peer_card: Array(101).fill('x'),
      });
      expect(tooMany.status).toBe(422);
    });
  },
);
