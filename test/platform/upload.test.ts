import { request as httpRequest } from 'node:http';
import { Honcho } from '@honcho-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/schemas/limits.js';
import { makePdf } from '../support/make-pdf.js';
import { PLATFORM_ADMIN_KEY, type PlatformServer, startPlatformServer } from '../support/platform-serve.js';

/** The file upload of the platform API, through the Honcho SDK and over raw HTTP. */
describe.each(['pglite', 'postgres'] as const)('POST .../messages/upload on %s', (database) => {
  let server: PlatformServer;
  let honcho: Honcho;
  const workspace = 'uploads';
  const uploadUrl = (session: string) =>
    `${server.baseURL}/v3/workspaces/${workspace}/sessions/${session}/messages/upload`;

  /** A raw multipart upload: the fields given, the file as a Blob of `type` named `name`. */
  const upload = (
    session: string,
    fields: Record<string, string>,
    file?: { name: string; type: string; bytes: Uint8Array | string },
  ) => {
    const form = new FormData();
    if (file !== undefined) form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return fetch(uploadUrl(session), {
      method: 'POST',
      headers: { Authorization: `Bearer ${PLATFORM_ADMIN_KEY}` },
      body: form,
    });
  };

  /** The messages of a session read back directly, oldest first. */
  const storedMessages = async (session: string) => {
    const response = await fetch(
      `${server.baseURL}/v3/workspaces/${workspace}/sessions/${session}/messages/list?size=100`,
      { method: 'POST', headers: { Authorization: `Bearer ${PLATFORM_ADMIN_KEY}` } },
    );
    expect(response.status).toBe(200);
    return (
      (await response.json()) as {
        items: { peer_id: string; content: string; created_at: string; metadata: unknown }[];
      }
    ).items;
  };

  beforeAll(async () => {
    server = await startPlatformServer(database, 'platform_upload');
    honcho = new Honcho({ baseURL: server.baseURL, apiKey: PLATFORM_ADMIN_KEY, workspaceId: workspace });
  }, 120_000);
  afterAll(async () => server?.stop());

  it('stores a markdown file uploaded with the SDK as the peer’s message, with its metadata and time', async () => {
    const session = await honcho.session('notes');
    const text = '# Trip\n\nAlice moved to Lisbon in May.\n\nShe sails a dinghy called Gaivota.';
    const messages = await session.uploadFile(
      { filename: 'notes.md', content: new TextEncoder().encode(text), content_type: 'text/markdown' },
      'alice',
      { metadata: { source: 'notes' }, createdAt: '2024-05-01T09:30:00Z' },
    );
    expect(
      messages.map((message) => [message.peerId, message.content, message.createdAt, message.metadata]),
    ).toEqual([['alice', text, '2024-05-01T09:30:00.000Z', { source: 'notes' }]]);
    expect((await storedMessages('notes')).map((message) => message.content)).toEqual([text]);
  });

  it('reads the text of a PDF made here, uploaded with the SDK as a Blob', async () => {
    const session = await honcho.session('paper');
    const pdf = makePdf([
      ['Alice moved to Lisbon in May.', 'She works on boats.'],
      ['Chapter two: she sails south.'],
    ]);
    const messages = await session.uploadFile(
      new File([pdf], 'story.pdf', { type: 'application/pdf' }),
      'alice',
    );
    expect(messages).toHaveLength(1);
    const stored = (await storedMessages('paper'))[0]?.content ?? '';
    for (const line of [
      'Alice moved to Lisbon in May.',
      'She works on boats.',
      'Chapter two: she sails south.',
    ])
      expect(stored).toContain(line);
  });

  it('splits a long text into messages within the limit, in order, at paragraph boundaries', async () => {
    const paragraphs = Array.from(
      { length: 1500 },
      (_, n) => `Paragraph ${n}: ${'the crew kept a careful log '.repeat(5).trim()}.`,
    );
    const text = paragraphs.join('\n\n');
    const response = await upload(
      'log',
      { peer_id: 'alice' },
      { name: 'log.txt', type: 'text/plain', bytes: text },
    );
    expect(response.status).toBe(200);
    const answered = (await response.json()) as { content: string; peer_id: string }[];
    expect(answered.length).toBe(Math.ceil(text.length / LIMITS.messageChars));
    const stored = await storedMessages('log');
    expect(stored.map((message) => message.content)).toEqual(answered.map((message) => message.content));
    for (const message of stored) {
      expect(message.content.length).toBeLessThanOrEqual(LIMITS.messageChars);
      expect(message.content).toMatch(/^Paragraph \d+: .*\.$/s);
    }
    expect(stored.map((message) => message.content).join('\n\n')).toBe(text);
  });

  it('writes a JSON array of messages as those messages, each by its own peer', async () => {
    const entries = [
      { peer_id: 'alice', content: 'Shall we sail on Sunday?', created_at: '2024-06-01T10:00:00Z' },
      { peer_id: 'bob', content: 'Yes, if the wind holds.', created_at: '2024-06-01T10:01:00Z' },
    ];
    const response = await upload(
      'chat',
      { peer_id: 'uploader' },
      { name: 'chat.json', type: 'application/json', bytes: JSON.stringify(entries) },
    );
    expect(response.status).toBe(200);
    expect(
      (await storedMessages('chat')).map((message) => [message.peer_id, message.content, message.created_at]),
    ).toEqual([
      ['alice', 'Shall we sail on Sunday?', '2024-06-01T10:00:00.000Z'],
      ['bob', 'Yes, if the wind holds.', '2024-06-01T10:01:00.000Z'],
    ]);
  });

  it('refuses a file it cannot read with a 422 naming the field and why, writing nothing', async () => {
    const many = JSON.stringify(
      Array.from({ length: LIMITS.messagesPerCall + 1 }, (_, n) => ({ content: `m${n}` })),
    );
    const cases: [Record<string, string>, Parameters<typeof upload>[2], (string | number)[], RegExp][] = [
      [
        { peer_id: 'alice' },
        { name: 'photo.png', type: 'image/png', bytes: 'PNG' },
        ['body', 'file'],
        /not a type that can be read/,
      ],
      [
        { peer_id: 'alice' },
        { name: 'empty.txt', type: 'text/plain', bytes: '' },
        ['body', 'file'],
        /is empty/,
      ],
      [
        { peer_id: 'alice' },
        { name: 'broken.pdf', type: 'application/pdf', bytes: '%PDF-1.4\nno objects' },
        ['body', 'file'],
        /not a readable PDF/,
      ],
      [
        { peer_id: 'alice' },
        { name: 'many.json', type: 'application/json', bytes: many },
        ['body', 'file'],
        /makes 101 messages, more than the 100/,
      ],
      [{ peer_id: 'alice' }, undefined, ['body', 'file'], /must be a file|expected/i],
      [{}, { name: 'a.txt', type: 'text/plain', bytes: 'hello' }, ['body', 'peer_id'], /./],
      [
        { peer_id: 'alice', metadata: '{not json' },
        { name: 'a.txt', type: 'text/plain', bytes: 'hi' },
        ['body', 'metadata'],
        /not valid JSON/,
      ],
      [
        { peer_id: 'alice', created_at: 'last May' },
        { name: 'a.txt', type: 'text/plain', bytes: 'hi' },
        ['body', 'created_at'],
        /./,
      ],
    ];
    for (const [fields, file, loc, msg] of cases) {
      const response = await upload('refused', fields, file);
      const answer = (await response.json()) as { detail: { loc: (string | number)[]; msg: string }[] };
      expect({ file: file?.name, status: response.status, loc: answer.detail[0]?.loc }).toEqual({
        file: file?.name,
        status: 422,
        loc,
      });
      expect(answer.detail[0]?.msg).toMatch(msg);
    }
    const notMultipart = await fetch(uploadUrl('refused'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${PLATFORM_ADMIN_KEY}`, 'Content-Type': 'application/json' },
      body: '{"peer_id":"alice"}',
    });
    expect(notMultipart.status).toBe(422);
    expect(await notMultipart.json()).toMatchObject({
      detail: [{ loc: ['body'], msg: 'is not multipart/form-data' }],
    });

    // More bytes than one request may carry: refused, like every route, before the body is read.
    const huge = await announceUpload(uploadUrl('refused'), LIMITS.requestBodyBytes + 1);
    expect(huge.status).toBe(413);
    expect((JSON.parse(huge.body) as { detail: string }).detail).toMatch(
      `body: must be at most ${LIMITS.requestBodyBytes} bytes`,
    );

    const sessions = await fetch(`${server.baseURL}/v3/workspaces/${workspace}/sessions/list`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${PLATFORM_ADMIN_KEY}` },
    });
    const ids = ((await sessions.json()) as { items: { id: string }[] }).items.map((session) => session.id);
    expect(ids).not.toContain('refused');
  });

  it('asks for a key like every route', async () => {
    const response = await fetch(uploadUrl('notes'), { method: 'POST', body: new FormData() });
    expect(response.status).toBe(401);
  });
});

/**
 * A multipart upload whose Content-Length announces `bytes`, of which only the start is sent: the
 * server may answer from the length alone, as it must for a body over the limit.
 */
function announceUpload(url: string, bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${PLATFORM_ADMIN_KEY}`,
          'Content-Type': 'multipart/form-data; boundary=upload-boundary',
          'Content-Length': String(bytes),
        },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    request.on('error', reject);
    request.write(
      '--upload-boundary\r\nContent-Disposition: form-data; name="file"; filename="huge.txt"\r\n\r\n',
    );
  });
}
