import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/version.js';
import { tools } from '../../tools/index.js';
import { type ConnectedClient, callOk, connectClient, PROJECT_ROOT } from '../support/mcp-targets.js';

describe('the tool registry as a client sees it', () => {
  let target: ConnectedClient;
  beforeAll(async () => {
    target = await connectClient('in-process', 'pglite');
  });
  afterAll(async () => {
    await target.close();
  });

  it('lists every tool with a title, a description, both schemas and all four annotations', async () => {
    const listed = (await target.client.listTools()).tools;
    expect(listed.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
    for (const tool of listed) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      const hints = tool.annotations ?? {};
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
        expect(typeof hints[hint], `${tool.name}.${hint}`).toBe('boolean');
      }
    }
  });

  it('marks reads read-only and deletion destructive', async () => {
    const listed = new Map(
      (await target.client.listTools()).tools.map((tool) => [tool.name, tool.annotations]),
    );
    for (const name of [
      'list_messages',
      'list_sessions',
      'list_peers',
      'get_context',
      'search',
      'get_peer_card',
    ]) {
      expect(listed.get(name)?.readOnlyHint, name).toBe(true);
    }
    expect(listed.get('delete_session')).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(listed.get('delete_peer')).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(listed.get('add_messages')).toMatchObject({ readOnlyHint: false, destructiveHint: false });
  });

  it('teaches the agent when to save and when to fetch context', () => {
    const instructions = target.client.getInstructions() ?? '';
    expect(instructions).toContain('add_messages');
    expect(instructions).toContain('get_context');
  });

  it('lists, reads and completes the resources of sessions and peers', async () => {
    const { client } = target;
    await callOk(client, 'add_messages', {
      session: 'road trip',
      messages: [{ peer: 'Ada', content: 'I drove to Porto.' }],
    });
    await callOk(client, 'set_peer_card', { peer: 'Ada', card: ['Drives a van'] });
    const uris = (await client.listResources()).resources.map((resource) => resource.uri);
    expect(uris).toEqual(
      expect.arrayContaining([
        'memory://sessions',
        'memory://sessions/road%20trip/messages',
        'memory://sessions/road%20trip/summaries',
        'memory://peers/Ada/card',
        'memory://peers/Ada/representation',
      ]),
    );
    const read = async (uri: string) => {
      const [content] = (await client.readResource({ uri })).contents;
      return content && 'text' in content ? content.text : '';
    };
    expect(JSON.parse(await read('memory://sessions/road%20trip/messages'))).toMatchObject({
      session: 'road trip',
      total: 1,
      messages: [{ content: 'I drove to Porto.' }],
    });
    expect(JSON.parse(await read('memory://peers/Ada/card'))).toEqual({
      peer: 'Ada',
      peer_card: ['Drives a van'],
    });
    const completion = await client.complete({
      ref: { type: 'ref/resource', uri: 'memory://sessions/{session}/messages' },
      argument: { name: 'session', value: 'road' },
    });
    expect(completion.completion.values).toEqual(['road trip']);
    await expect(client.readResource({ uri: 'memory://sessions/nowhere/messages' })).rejects.toThrow(
      /not found/i,
    );
  });

  it('refuses resource ids that no tool would accept, naming the variable, on PGlite and Postgres', async () => {
    const postgres = await connectClient('in-process', 'postgres');
    try {
      for (const { client } of [target, postgres]) {
        const refusal = (uri: string) => client.readResource({ uri });
        await expect(refusal('memory://sessions/a%00b/messages')).rejects.toThrow(
          /session: must not contain the NUL/,
        );
        await expect(refusal('memory://peers/%E0%A4%A/card')).rejects.toThrow(
          /peer: not a valid percent-encoded id/,
        );
        await expect(refusal(`memory://sessions/${'s'.repeat(3000)}/summaries`)).rejects.toThrow(
          /session: must be at most 256 characters/,
        );
        await expect(refusal('memory://peers/%ED%A0%80/representation')).rejects.toThrow(/peer: not a valid/);
      }
    } finally {
      await postgres.close();
    }
  });

  it('reports the package version', () => {
    const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(target.client.getServerVersion()?.version).toBe(pkg.version);
    expect(VERSION).toBe(pkg.version);
  });
});
