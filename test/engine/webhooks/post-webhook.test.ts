import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from '../../../src/engine/webhooks/post-webhook.js';
import { deadPort } from '../../support/dead-port.js';

describe('postWebhook against a real receiver on loopback', () => {
  let server: Server;
  let port: number;
  const received: { path: string; body: string; signature: string | undefined }[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          path: request.url ?? '',
          body: Buffer.concat(chunks).toString(),
          signature: request.headers['x-peermem-signature'] as string | undefined,
        });
        if (request.url === '/silent') return; // never answers
        if (request.url === '/moved')
          return response.writeHead(302, { Location: 'http://127.0.0.1:9/' }).end();
        response.writeHead(request.url === '/fail' ? 500 : 200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (url: string, allowPrivate = true, timeoutMs = 5000) =>
    postWebhook(
      new URL(url),
      '{"type":"test.event"}',
      { 'X-Peermem-Signature': 'v1=abc' },
      {
        timeoutMs,
        allowPrivate,
        signal: new AbortController().signal,
      },
    );

  it('sends the body and headers, and takes a 2xx as delivered', async () => {
    expect(await post(`http://127.0.0.1:${port}/ok`)).toEqual({ ok: true, status: 200 });
    expect(received.at(-1)).toEqual({ path: '/ok', body: '{"type":"test.event"}', signature: 'v1=abc' });
  });

  it('takes another status, a redirect, a refused connection and silence as failures', async () => {
    expect(await post(`http://127.0.0.1:${port}/fail`)).toEqual({
      ok: false,
      status: 500,
      error: 'HTTP 500',
    });
    expect(await post(`http://127.0.0.1:${port}/moved`)).toEqual({
      ok: false,
      status: 302,
      error: 'HTTP 302',
    });
    expect(await post(`http://127.0.0.1:${await deadPort()}/`)).toEqual({ ok: false, error: 'ECONNREFUSED' });
    expect(await post(`http://127.0.0.1:${port}/silent`, true, 300)).toEqual({
      ok: false,
      error: 'no answer within 0.3 s',
    });
  });

  it('connects to no private address unless allowed, a resolved name included', async () => {
    const sent = received.length;
    expect(await post(`http://127.0.0.1:${port}/ok`, false)).toEqual({
      ok: false,
      error: '127.0.0.1 is a loopback address',
    });
    const byName = await post(`http://localhost:${port}/ok`, false);
    expect(byName).toMatchObject({ ok: false });
    expect(!byName.ok && byName.error).toContain('localhost resolves to a loopback address');
    for (const host of ['[::127.0.0.1]', '[::ffff:127.0.0.1]', '[64:ff9b::127.0.0.1]', '[2002:7f00:1::]'])
      expect(await post(`http://${host}:${port}/ok`, false), host).toMatchObject({
        ok: false,
        error: expect.stringMatching(/ is a loopback address$/),
      });
    expect(received).toHaveLength(sent);
  });
});
