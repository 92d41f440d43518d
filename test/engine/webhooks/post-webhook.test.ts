import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
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
        if (request.url === '/half') return void response.writeHead(200).write('o'); // never ends
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

  const post = (url: string, allowPrivate = true, timeoutMs = 5000, signal = new AbortController().signal) =>
    postWebhook(
      new URL(url),
      '{"type":"test.event"}',
      { 'X-Peermem-Signature': 'v1=abc' },
      {
        timeoutMs,
        allowPrivate,
        signal,
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

  it('ends a silent delivery at its timeout even when the collector runs meanwhile', async () => {
    // On Node 20 a composite of the caller's signal and AbortSignal.timeout() could be collected
    // before it fired, and the delivery then waited for ever; collecting while it waits shows it.
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const outcome = post(`http://127.0.0.1:${port}/silent`, true, 400);
    for (let round = 0; round < 5; round++) {
      collect();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await outcome).toEqual({ ok: false, error: 'no answer within 0.4 s' });
  });

  it("takes the caller's stop as stopped, and an answer cut off mid-body with its status", async () => {
    const stop = new AbortController();
    const stopped = post(`http://127.0.0.1:${port}/silent`, true, 5000, stop.signal);
    setTimeout(() => stop.abort(), 100);
    expect(await stopped).toEqual({ ok: false, error: 'stopped' });
    const already = new AbortController();
    already.abort();
    expect(await post(`http://127.0.0.1:${port}/silent`, true, 5000, already.signal)).toEqual({
      ok: false,
      error: 'stopped',
    });
    expect(await post(`http://127.0.0.1:${port}/half`, true, 300)).toEqual({
      ok: false,
      status: 200,
      error: 'HTTP 200, answer cut off',
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
