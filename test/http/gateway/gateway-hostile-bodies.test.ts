import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Devnet, startDevnet } from '../../../src/devnet/start-devnet.js';
import { LIMITS } from '../../../src/schemas/limits.js';
import { NOTHING_STORED, startTestGateway, storedRows, type TestGateway } from '../../support/gateway.js';
import { createIsolatedDatabase } from '../../support/postgres.js';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet();
});
afterAll(async () => devnet?.stop());

const post = (url: string, body: string | ReadableStream, contentType = 'application/json') =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
    ...(typeof body === 'string' ? {} : { duplex: 'half' }),
  } as RequestInit);

/** A `/messages` body padded with JSON whitespace to exactly `bytes` bytes. */
const paddedMessages = (bytes: number) => {
  const body = JSON.stringify({ session: 's', messages: [{ peer: 'p', content: 'hello' }] });
  return body + ' '.repeat(bytes - body.length);
};

/** `text` as a stream of 64 KiB chunks: sent chunked, with no Content-Length. */
const chunked = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
};

type StreamedAnswer = {
  status: number | undefined;
  headers: IncomingHttpHeaders;
  body: string;
  sentBytes: number;
  ms: number;
};

/**
 * POSTs `totalBytes` of filler made on the fly (so the client holds one chunk, not the body),
 * with or without a Content-Length, on a connection of its own, and stops sending as soon as the
 * answer comes, as a client does when a server refuses early.
 */
function streamBody(url: string, totalBytes: number, withLength: boolean): Promise<StreamedAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sentBytes = 0;
    let answered = false;
    const request = httpRequest(url, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        ...(withLength ? { 'content-length': String(totalBytes) } : {}),
      },
    });
    const send = () => {
      while (!answered && sentBytes < totalBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, totalBytes - sentBytes));
        sentBytes += piece.length;
        if (!request.write(piece)) {
          request.once('drain', send);
          return;
        }
      }
      if (!answered) request.end();
    };
    request.on('response', (response) => {
      answered = true;
      const ms = performance.now() - started;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => {
        body += text;
      });
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode, headers: response.headers, body, sentBytes, ms });
      });
    });
    // The server closes a connection whose body it refused; only an error before the answer counts.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    send();
  });
}

const TOO_LARGE = {
  error: {
    code: 'invalid_input',
    field: 'body',
    message: expect.stringContaining(String(LIMITS.requestBodyBytes)),
    hint: expect.any(String),
  },
};

describe('an oversized body is refused first, without being read whole', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startTestGateway({ kind: 'memory' }, devnet);
  });
  afterAll(async () => gateway?.close());
  const url = (path: string) => `${gateway.url}/api/memory${path}`;

  test.each([
    ['with a Content-Length', true, (text: string) => text],
    ['streamed with none', false, chunked],
  ])(
    '%s: one byte over the limit is 413, not 402; at the limit it is read',
    async (_case, withLength, shape) => {
      for (const path of ['/messages', '/sessions']) {
        const over = await streamBody(url(path), LIMITS.requestBodyBytes + 1, withLength);
        expect(over.status).toBe(413);
        expect(over.headers['payment-required']).toBeUndefined();
        expect(over.headers.connection).toBe('close');
        expect(JSON.parse(over.body)).toEqual(TOO_LARGE);
      }
      // A body at the limit goes on to the payment gate: the whole of it was passed along.
      const atLimit = await post(url('/messages'), shape(paddedMessages(LIMITS.requestBodyBytes)));
      expect(atLimit.status).toBe(402);
      expect(await storedRows(gateway.database)).toEqual(NOTHING_STORED);
    },
  );

  test('four 100 MB bodies get 413 promptly, and the process does not grow by what they hold', async () => {
    const hundredMegabytes = 100 * 1024 * 1024;
    const rssBefore = process.memoryUsage().rss;
    const answers = await Promise.all([
      streamBody(url('/messages'), hundredMegabytes, true),
      streamBody(url('/sessions'), hundredMegabytes, true),
      streamBody(url('/messages'), hundredMegabytes, false),
      streamBody(url('/sessions/delete'), hundredMegabytes, false),
    ]);
    const grownBytes = process.memoryUsage().rss - rssBefore;
    console.info(
      `four 100 MB bodies: answers in ${answers.map((answer) => Math.round(answer.ms)).join(', ')} ms after ${answers.map((answer) => (answer.sentBytes / 1024 / 1024).toFixed(1)).join(', ')} MB sent; RSS ${(rssBefore / 1024 / 1024).toFixed(0)} MB, grown by ${(grownBytes / 1024 / 1024).toFixed(0)} MB`,
    );
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
      // Refused long before the body was all sent, let alone read.
      expect(answer.sentBytes).toBeLessThan(hundredMegabytes / 2);
      expect(answer.ms).toBeLessThan(10_000);
    }
    // The four bodies together are 400 MB; held whole they grew the process by over 600 MB.
    expect(grownBytes).toBeLessThan(150 * 1024 * 1024);
  });
});

describe.each([
  ['PGlite', async () => ({ kind: 'memory' as const })],
  // A database of its own: that nothing was stored is checked on whole tables.
  [
    'Postgres',
    async () => ({ kind: 'postgres' as const, url: await createIsolatedDatabase('hostile_bodies') }),
  ],
])('hostile bodies get 400 naming the field, never a 5xx (%s)', (_name, location) => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startTestGateway(await location(), devnet);
  });
  afterAll(async () => gateway?.close());
  const url = (path: string) => `${gateway.url}/api/memory${path}`;
  const longId = 'i'.repeat(3000);
  const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const deepArrays = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

  test.each([
    [
      '/messages',
      'a session id of 3000 characters',
      JSON.stringify({ session: longId, messages: [{ peer: 'p', content: 'c' }] }),
      'session',
    ],
    [
      '/messages',
      'a peer id of 3000 characters',
      JSON.stringify({ session: 's', messages: [{ peer: longId, content: 'c' }] }),
      'messages.0.peer',
    ],
    [
      '/card/set',
      'a peer id of 3000 characters',
      JSON.stringify({ peer: longId, card: ['Name: Ada'] }),
      'peer',
    ],
    [
      '/card/set',
      'a target of 3000 characters',
      JSON.stringify({ peer: 'p', card: ['x'], target: longId }),
      'target',
    ],
    [
      '/messages',
      'metadata objects nested 5000 deep',
      `{"session":"s","messages":[{"peer":"p","content":"c","metadata":${deep(5000)}}]}`,
      'messages.0.metadata',
    ],
    [
      '/messages',
      'metadata arrays nested 5000 deep',
      `{"session":"s","messages":[{"peer":"p","content":"c","metadata":{"a":${deepArrays(5000)}}}]}`,
      'messages.0.metadata',
    ],
    ['/search', 'a query of 35 KB', JSON.stringify({ query: 'q'.repeat(35 * 1024) }), 'query'],
    [
      '/chat',
      'a query of 36,000 characters',
      JSON.stringify({ peer: 'p', query: 'why '.repeat(9000) }),
      'query',
    ],
    ['/sessions', 'malformed JSON', '{"page": 1,', 'body'],
    ['/messages', 'cut-off JSON', '[1, 2', 'body'],
  ])('%s with %s: 400 naming the field, before any sign-in or payment', async (path, _case, body, field) => {
    const started = performance.now();
    const response = await post(url(path), body);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(response.status).toBe(400);
    expect(response.headers.get('payment-required')).toBeNull();
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_input', field } });
    expect(await storedRows(gateway.database)).toEqual(NOTHING_STORED);
  });

  test.each([
    ['text/plain', '{"session":"s"}'],
    ['application/x-www-form-urlencoded', 'session=s'],
    [
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="session"\r\n\r\ns\r\n--b--',
    ],
  ])('a %s body: 400 naming the body', async (contentType, body) => {
    const response = await post(url('/sessions/delete'), body, contentType);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_input', field: 'body' } });
  });

  test('an answer given before the body was read closes the connection, so the next request on it is answered', async () => {
    // One connection, kept alive: the second request follows the first on the same socket.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (contentType: string, body: string) =>
      new Promise<{ status: number | undefined; connection: string | undefined }>((resolve, reject) => {
        const request = httpRequest(url('/sessions'), {
          method: 'POST',
          agent,
          headers: { 'content-type': contentType },
        });
        request.on('response', (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode, connection: response.headers.connection }),
          );
        });
        request.on('error', reject);
        request.end(body);
      });
    try {
      const refused = await send('text/plain', JSON.stringify({ note: 'x'.repeat(500_000) }));
      expect(refused).toEqual({ status: 400, connection: 'close' });
      expect(await send('application/json', '{}')).toMatchObject({ status: 402 });
    } finally {
      agent.destroy();
    }
  });

  test('a body without a Content-Type: 400 naming the body', async () => {
    const response = await fetch(url('/messages'), {
      method: 'POST',
      body: new Blob(['{"session":"s","messages":[{"peer":"p","content":"c"}]}']),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_input', field: 'body' } });
  });
});
