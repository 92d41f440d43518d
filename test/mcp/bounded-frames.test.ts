import { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { BoundedFrames } from '../../src/mcp/bounded-frames.js';
import { LIMITS } from '../../src/schemas/limits.js';
import type { ListSessionsOutput } from '../../src/schemas/session.js';
import { callOk, spawnServer } from '../support/mcp-targets.js';
import { makeTempDir } from '../support/temp-dir.js';

/** What a BoundedFrames of `maxBytes` passes on and reports for the given chunks. */
async function frame(maxBytes: number, chunks: string[]) {
  const oversized: (string | number | undefined)[] = [];
  const frames = new BoundedFrames(maxBytes, (id) => oversized.push(id));
  const passed: string[] = [];
  frames.on('data', (data: Buffer) => passed.push(data.toString()));
  await new Promise<void>((resolve, reject) => {
    Readable.from(chunks.map((chunk) => Buffer.from(chunk)))
      .pipe(frames)
      .on('end', resolve)
      .on('error', reject);
  });
  return { passed, oversized };
}

describe('BoundedFrames', () => {
  it('passes frames up to the limit whole, however they were split', async () => {
    const { passed, oversized } = await frame(10, ['{"a"', ':1}\n{"b":2}\n', '{"c"', ':3}\n']);
    expect(passed.join('')).toBe('{"a":1}\n{"b":2}\n{"c":3}\n');
    expect(passed).toEqual(['{"a":1}\n', '{"b":2}\n', '{"c":3}\n']);
    expect(oversized).toEqual([]);
  });

  it('drops a longer frame, reports its request id, and passes the next frame', async () => {
    const big = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"x":"${'y'.repeat(100)}"}}`;
    const { passed, oversized } = await frame(64, [big.slice(0, 50), big.slice(50), '\n{"id":8}\n']);
    expect(passed).toEqual(['{"id":8}\n']);
    expect(oversized).toEqual([7]);
  });

  it('finds the id where clients write it last, not one nested in the params', async () => {
    const big = `{"method":"tools/call","params":{"id":99,"v":"${'w'.repeat(2000)}"},"jsonrpc":"2.0","id":5}`;
    const { oversized } = await frame(64, [big.slice(0, 700), big.slice(700), '\n']);
    expect(oversized).toEqual([5]);
  });

  it('reports a string id, and no id when the frame names none', async () => {
    const { oversized } = await frame(16, [`{"id":"r-1","p":"${'z'.repeat(40)}"}\n`, `${'q'.repeat(40)}\n`]);
    expect(oversized).toEqual(['r-1', undefined]);
  });
});

describe('stdio server and oversized requests', () => {
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
  });

  it('answers a request over the limit with an error and keeps serving', async () => {
    const dataDir = await makeTempDir();
    client = new Client({ name: 'peermem-tests', version: '1.0.0' });
    await client.connect(spawnServer(['--workspace', 'frames', '--data-dir', dataDir.path]));

    const content = 'x'.repeat(LIMITS.requestBodyBytes + 1024);
    const started = Date.now();
    await expect(
      client.callTool({
        name: 'add_messages',
        arguments: { session: 'big', messages: [{ peer: 'ada', content }] },
      }),
    ).rejects.toThrow(/Request too large/);
    expect(Date.now() - started).toBeLessThan(30_000);

    // Still listening: the next call is served, and nothing of the refused one was stored.
    const sessions = await callOk<ListSessionsOutput>(client, 'list_sessions');
    expect(sessions.total).toBe(0);
    await callOk(client, 'add_messages', { session: 'small', messages: [{ peer: 'ada', content: 'hi' }] });
    expect((await callOk<ListSessionsOutput>(client, 'list_sessions')).total).toBe(1);
  }, 60_000);
});
