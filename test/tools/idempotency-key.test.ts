import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteMemoryService } from '../../src/remote/remote-memory-service.js';
import { SpendingLedger } from '../../src/remote/spending-ledger.js';
import { UpstreamClient } from '../../src/remote/upstream-client.js';
import {
  type ConnectedClient,
  callError,
  callOk,
  connectClient,
  type DatabaseKind,
} from '../support/mcp-targets.js';
import { makeTempDir } from '../support/temp-dir.js';

type Added = { messages: { id: string; content: string }[] };
type Page = { total: number; items: { id: string }[] };

describe.each(['pglite', 'postgres'] as DatabaseKind[])(
  'add_messages with idempotency_key on %s',
  (database) => {
    let target: ConnectedClient;
    beforeAll(async () => {
      target = await connectClient('in-process', database);
    });
    afterAll(async () => target?.close());

    const batch = (session: string, key: string, content = 'I moved to Lisbon.') => ({
      session,
      idempotency_key: key,
      messages: [
        { peer: 'alice', content },
        { peer: 'bob', content: 'Since when?' },
      ],
    });
    const stored = async (session: string) =>
      (await callOk<Page>(target.client, 'list_messages', { session, size: 100 })).total;

    it('a batch sent again with its key is stored once and answers the same ids', async () => {
      const first = await callOk<Added>(target.client, 'add_messages', batch('retry', 'batch-1'));
      const again = await callOk<Added>(target.client, 'add_messages', batch('retry', 'batch-1'));
      expect(again).toEqual(first);
      expect(first.messages).toHaveLength(2);
      expect(await stored('retry')).toBe(2);
      // Without a key, the same batch is a new write.
      const { idempotency_key: _unused, ...unkeyed } = batch('retry', 'unused');
      await callOk(target.client, 'add_messages', unkeyed);
      expect(await stored('retry')).toBe(4);
    });

    it('two copies sent at once are stored once: the second answers the first one’s messages', async () => {
      const [a, b] = await Promise.all([
        callOk<Added>(target.client, 'add_messages', batch('race', 'batch-race')),
        callOk<Added>(target.client, 'add_messages', batch('race', 'batch-race')),
      ]);
      expect(a).toEqual(b);
      expect(await stored('race')).toBe(2);
    });

    it('the key with a different batch is refused, naming idempotency_key, and stores nothing', async () => {
      await callOk(target.client, 'add_messages', batch('changed', 'batch-2'));
      const refused = await callError(
        target.client,
        'add_messages',
        batch('changed', 'batch-2', 'I moved to Porto.'),
      );
      expect(refused).toContain('idempotency_key');
      expect(refused).toContain('already used for a different write');
      expect(await stored('changed')).toBe(2);
    });

    it('a key that is empty or holds spaces is refused by the schema', async () => {
      for (const key of ['', 'two words'])
        expect(await callError(target.client, 'add_messages', batch('bad-key', key))).toContain(
          'idempotency_key',
        );
    });
  },
);

describe('add_messages with idempotency_key in remote mode with a gateway', () => {
  it('is refused naming the field, before anything is sent or paid', async () => {
    const walletDir = await makeTempDir('idempotency-remote-');
    const sent: string[] = [];
    const client = new UpstreamClient({
      upstream: 'http://127.0.0.1:9',
      privateKey: generatePrivateKey(),
      ledger: new SpendingLedger(walletDir.path, { maxPerCall: 50_000n, dailyBudget: 1_000_000n }),
      payWith: 'x402',
      fetch: async (url) => {
        sent.push(String(url));
        return new Response('{}');
      },
    });
    const memory = createRemoteMemoryService(client);
    await expect(
      memory.addMessages({
        session: 's',
        idempotency_key: 'k',
        messages: [{ peer: 'alice', content: 'hi' }],
      }),
    ).rejects.toMatchObject({ code: 'invalid_input', field: 'idempotency_key' });
    expect(sent).toEqual([]);
    await walletDir.remove();
  });
});
