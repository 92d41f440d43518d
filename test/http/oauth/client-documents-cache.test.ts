import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClientDocuments,
  MAX_DOCUMENT_CACHE_SECONDS,
} from '../../../src/http/oauth/client-metadata-document.js';

/** Documents served on loopback, each path with its own Cache-Control, counting each fetch. */
describe('client ID metadata documents, cached for a sign-in', () => {
  let server: Server;
  let base: string;
  const fetches = new Map<string, number>();
  const cacheControl: Record<string, string | undefined> = {
    '/silent.json': undefined,
    '/no-store.json': 'no-store',
    '/minute.json': 'public, max-age=60',
    '/year.json': 'max-age=31536000',
    '/bad.json': undefined,
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = request.url ?? '';
      fetches.set(path, (fetches.get(path) ?? 0) + 1);
      const header = cacheControl[path];
      if (header !== undefined) response.setHeader('Cache-Control', header);
      response.setHeader('Content-Type', 'application/json');
      response.end(
        JSON.stringify({
          // The bad one names another URL, so it fails its check.
          client_id: path === '/bad.json' ? `${base}/other.json` : `${base}${path}`,
          redirect_uris: [`${base}/callback`],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches once for three reads, unless the document forbids keeping it', async () => {
    const documents = createClientDocuments(true);
    for (let step = 0; step < 3; step++) {
      expect((await documents.find(`${base}/silent.json`)).redirectUris).toEqual([`${base}/callback`]);
      await documents.find(`${base}/no-store.json`);
    }
    expect(fetches.get('/silent.json')).toBe(1);
    expect(fetches.get('/no-store.json')).toBe(3);
  });

  it('keeps a document for its max-age, and never past the ceiling', async () => {
    let clock = 0;
    const documents = createClientDocuments(true, () => clock);
    await documents.find(`${base}/minute.json`);
    await documents.find(`${base}/year.json`);
    clock = 59_000;
    await documents.find(`${base}/minute.json`);
    expect(fetches.get('/minute.json')).toBe(1);
    clock = 61_000;
    await documents.find(`${base}/minute.json`);
    expect(fetches.get('/minute.json')).toBe(2);
    clock = (MAX_DOCUMENT_CACHE_SECONDS - 1) * 1000;
    await documents.find(`${base}/year.json`);
    expect(fetches.get('/year.json')).toBe(1);
    clock = (MAX_DOCUMENT_CACHE_SECONDS + 1) * 1000;
    await documents.find(`${base}/year.json`);
    expect(fetches.get('/year.json')).toBe(2);
  });

  it('keeps no document that fails its checks', async () => {
    const documents = createClientDocuments(true);
    for (let attempt = 0; attempt < 2; attempt++)
      await expect(documents.find(`${base}/bad.json`)).rejects.toThrow(
        "its document's client_id is not the URL it was fetched from",
      );
    expect(fetches.get('/bad.json')).toBe(2);
  });
});
