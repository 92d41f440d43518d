import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ADMIN_KEY, type PlatformServer, startPlatformServer } from '../support/platform-serve.js';

type Message = { id: string; content: string; peer_id: string };

/** Idempotency-Key on the platform's message writes, against `peermem serve` over each database. */
describe.each(['pglite', 'postgres'] as const)('Idempotency-Key on message writes on %s', (database) => {
  let server: PlatformServer;
  const workspace = 'retries';
  beforeAll(async () => {
    server = await startPlatformServer(database, 'platform_idempotency');
  }, 120_000);
  afterAll(async () => server?.stop());

  const call = async (
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
    key = PLATFORM_ADMIN_KEY,
  ) => {
    const response = await fetch(`${server.baseURL}/v3/workspaces/${workspace}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as unknown };
  };
  const write = (session: string, body: unknown, idempotencyKey?: string, key?: string) =>
    call(
      `/sessions/${session}/messages`,
      body,
      idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey },
      key,
    );
  const stored = async (session: string) =>
    ((await call(`/sessions/${session}/messages/list?size=100`, {})).json as { items: Message[] }).items;
  const batch = (content = 'I moved to Lisbon.') => ({
    messages: [
      { peer_id: 'alice', content },
      { peer_id: 'bob', content: 'Since when?' },
    ],
  });

  it('a batch sent again with its key is stored once and answers the same ids', async () => {
    const first = await write('retry', batch(), 'batch-1');
    expect(first.status).toBe(200);
    const again = await write('retry', batch(), 'batch-1');
    expect(again).toEqual(first);
    expect((await stored('retry')).map((message) => message.id)).toEqual(
      (first.json as Message[]).map((message) => message.id),
    );
    // Without the header, the same body is a new write: that is what the key prevents.
    expect((await write('retry', batch())).status).toBe(200);
    expect(await stored('retry')).toHaveLength(4);
  });

  it('copies sent at once are stored once', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => write('race', batch(), 'batch-race')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await stored('race')).toHaveLength(2);
  });

  it('the key with a different body is a 422 at the header, and stores nothing', async () => {
    await write('changed', batch(), 'batch-2');
    const refused = await write('changed', batch('I moved to Porto.'), 'batch-2');
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({
      detail: [
        {
          loc: ['header', 'idempotency_key'],
          msg: 'idempotency_key "batch-2" was already used for a different write; a repeat must send the same request',
        },
      ],
    });
    expect((await stored('changed')).map((message) => message.content)).toEqual([
      'I moved to Lisbon.',
      'Since when?',
    ]);
  });

  it('a key belongs to its holder: another API key using it makes a write of its own', async () => {
    const minted = await fetch(`${server.baseURL}/v3/keys?workspace_id=${workspace}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${PLATFORM_ADMIN_KEY}` },
    });
    const { key } = (await minted.json()) as { key: string };
    const mine = await write('holders', batch(), 'shared-key');
    const theirs = await write('holders', batch('Another note.'), 'shared-key', key);
    expect(theirs.status).toBe(200);
    expect(theirs.json).not.toEqual(mine.json);
    expect(await stored('holders')).toHaveLength(4);
  });

  it('a key that is empty, too long or holds spaces is a 422 naming the header', async () => {
    for (const bad of ['two words', 'x'.repeat(256)]) {
      const refused = await write('bad-key', batch(), bad);
      expect(refused.status, bad).toBe(422);
      expect(refused.json).toMatchObject({ detail: [{ loc: ['header', 'idempotency_key'] }] });
    }
    expect((await call('/sessions/bad-key/messages/list', {})).status).toBe(404);
  });

  it('the OpenAPI description names the header on both writes', async () => {
    const described = (await (await fetch(`${server.baseURL}/openapi.json`)).json()) as {
      paths: Record<string, { post?: { parameters?: { in: string; name: string }[] } }>;
    };
    for (const path of [
      '/v3/workspaces/{workspace_id}/sessions/{session_id}/messages',
      '/v3/workspaces/{workspace_id}/sessions/{session_id}/messages/upload',
    ])
      expect(described.paths[path]?.post?.parameters, path).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
      );
  });

  it('an upload sent again with its key is stored once', async () => {
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob(['Alice sails.\n\nBob rows.'], { type: 'text/plain' }), 'notes.txt');
      form.append('peer_id', 'alice');
      const response = await fetch(
        `${server.baseURL}/v3/workspaces/${workspace}/sessions/upload/messages/upload`,
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${PLATFORM_ADMIN_KEY}`, 'Idempotency-Key': 'upload-1' },
          body: form,
        },
      );
      return { status: response.status, json: (await response.json()) as Message[] };
    };
    const first = await upload();
    expect(first.status).toBe(200);
    expect(await upload()).toEqual(first);
    expect(await stored('upload')).toHaveLength(first.json.length);
  });
});
