import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Listening, listen } from '../../src/http/listen.js';
import { createMcpHttpApp } from '../../src/http/mcp-http-app.js';
import { LIMITS } from '../../src/schemas/limits.js';
import { tools } from '../../tools/index.js';
import { callOk, PROJECT_ROOT, sharedTestEngine } from '../support/mcp-targets.js';
import { makeTempDir, uniqueWorkspace } from '../support/temp-dir.js';

const TOKEN = 'a-long-enough-test-token';
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

describe('MCP over HTTP on loopback', () => {
  const memory = sharedTestEngine('pglite').memory(uniqueWorkspace('http'));
  let open: Listening;
  let guarded: Listening;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const plain = createMcpHttpApp({ memory }, { loopback: true });
    const withToken = createMcpHttpApp({ memory }, { loopback: true, token: TOKEN });
    open = await listen(plain.app.fetch, '127.0.0.1', 0);
    guarded = await listen(withToken.app.fetch, '127.0.0.1', 0);
    closers.push(plain.close, withToken.close, open.close, guarded.close);
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  const post = (url: string, headers: Record<string, string>) =>
    fetch(`${url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(initialize),
    });

  it('rejects a foreign Host header (DNS rebinding)', async () => {
    // fetch() will not send a forged Host header; node:http will, as a rebinding browser would.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const body = JSON.stringify(initialize);
      const request = httpRequest(`${open.url}/mcp`, {
        method: 'POST',
        headers: {
          host: 'evil.example',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      request.on('error', reject);
      request.end(body);
    });
    expect(status).toBe(403);
  });

  it('rejects a request from a foreign web page (Origin)', async () => {
    const response = await post(open.url, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
  });

  it('accepts a request from a loopback page', async () => {
    const response = await post(open.url, { origin: 'http://localhost:3000' });
    expect(response.status).toBe(200);
  });

  it.each([
    ['with a Content-Length', (text: string): string | ReadableStream => text],
    ['streamed with none', (text: string): string | ReadableStream => new Blob([text]).stream()],
  ])(
    'refuses a body over the limit %s with a JSON-RPC error, before asking for the token',
    async (_case, shape) => {
      const oversized = JSON.stringify(initialize).padEnd(LIMITS.requestBodyBytes + 1);
      const started = performance.now();
      const response = await fetch(`${guarded.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: shape(oversized),
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringContaining(String(LIMITS.requestBodyBytes)) },
      });
      expect(performance.now() - started).toBeLessThan(5000);
      // At the limit, the body is read and the token asked for.
      const atLimit = await fetch(`${guarded.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: shape(JSON.stringify(initialize).padEnd(LIMITS.requestBodyBytes)),
        duplex: 'half',
      } as RequestInit);
      expect(atLimit.status).toBe(401);
    },
  );

  it('answers every refusal on /mcp with a JSON-RPC error', async () => {
    const json = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const refusals: [string, RequestInit][] = [
      ['GET', { method: 'GET', headers: { accept: 'text/event-stream' } }],
      ['DELETE', { method: 'DELETE' }],
      ['PUT', { method: 'PUT', headers: json, body: '{}' }],
      ['malformed JSON', { method: 'POST', headers: json, body: '{bad' }],
      ['a text body', { method: 'POST', headers: { ...json, 'content-type': 'text/plain' }, body: 'x' }],
      [
        'no event-stream accepted',
        {
          method: 'POST',
          headers: { ...json, accept: 'application/json' },
          body: JSON.stringify(initialize),
        },
      ],
    ];
    for (const [what, init] of refusals) {
      const response = await fetch(`${open.url}/mcp`, init);
      expect(response.status, what).toBeGreaterThanOrEqual(400);
      expect(await response.json(), what).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: expect.any(Number), message: expect.any(String) },
      });
    }
  });

  it('requires the bearer token when one is configured, refusing with a JSON-RPC error', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-of-some-length' }]) {
      const refused = await post(guarded.url, headers);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="peermem"');
      expect(await refused.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringContaining('Authorization: Bearer') },
      });
    }
    const client = new Client({ name: 'token-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${guarded.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      }),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
    await client.close();
  });

  it('lists and imports a file of this machine for a loopback client only, never for one over the network', async () => {
    const dir = await makeTempDir();
    closers.push(dir.remove);
    const path = join(dir.path, 'notes.md');
    await writeFile(path, '# Trip\n\nWe booked the train to Porto for May.');
    // Options as `mcp --http --host 0.0.0.0 --token ...` builds them; listening on loopback here.
    const networked = createMcpHttpApp({ memory }, { loopback: false, token: TOKEN });
    const served = await listen(networked.app.fetch, '127.0.0.1', 0);
    closers.push(networked.close, served.close);
    const connect = async (url: string, headers: Record<string, string> = {}) => {
      const client = new Client({ name: 'import-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }),
      );
      return client;
    };
    const remote = await connect(served.url, { authorization: `Bearer ${TOKEN}` });
    // Not listed (its description would cost the remote client's conversations for nothing), nor run.
    const listed = (await remote.listTools()).tools.map((tool) => tool.name);
    expect(listed).toContain('import_text');
    expect(listed).not.toContain('import_file');
    await expect(
      remote.callTool({ name: 'import_file', arguments: { session: 'far', peer: 'me', path } }),
    ).rejects.toThrow('Tool import_file not found');
    const sessions = await callOk<{ items: { id: string }[] }>(remote, 'list_sessions');
    expect(sessions.items.map((session) => session.id)).not.toContain('far');
    await remote.close();

    const local = await connect(open.url);
    const imported = await callOk<{ messages: { content: string }[] }>(local, 'import_file', {
      session: 'near',
      peer: 'me',
      path,
    });
    expect(imported.messages.map((message) => message.content).join(' ')).toContain('train to Porto');
    await local.close();
  });
});

describe('peermem mcp --http', () => {
  let child: ChildProcess;
  let url: string;
  const dataDir = makeTempDir();

  beforeAll(async () => {
    child = spawn(
      process.execPath,
      [
        join(PROJECT_ROOT, 'dist/src/main.js'),
        'mcp',
        '--http',
        '--port',
        '0',
        '--data-dir',
        (await dataDir).path,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    url = await new Promise<string>((resolve, reject) => {
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /MCP over HTTP at (\S+)/.exec(stderr);
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
    });
  });
  afterAll(async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
    await (await dataDir).remove();
  });

  it('serves the tools to a real client and stops cleanly on SIGTERM', async () => {
    const client = new Client({ name: 'cli-http-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    await callOk(client, 'add_messages', { session: 's', messages: [{ peer: 'me', content: 'over http' }] });
    expect(await callOk(client, 'list_messages', { session: 's' })).toMatchObject({ total: 1 });
    await client.close();
  });

  it('refuses to bind beyond loopback without a token', async () => {
    const refused = spawn(
      process.execPath,
      [join(PROJECT_ROOT, 'dist/src/main.js'), '--http', '--host', '0.0.0.0'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    refused.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [code] = await once(refused, 'exit');
    expect(code).toBe(2);
    expect(stderr).toContain('--token (PEERMEM_MCP_TOKEN)');
  });
});
