import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { expect, it } from 'vitest';
import { tools as registry } from '../../tools/index.js';
import { callOk, PROJECT_ROOT } from '../support/mcp-targets.js';
import { makeTempDir } from '../support/temp-dir.js';

type McpJson = { mcpServers: Record<string, { command: string; args: string[] }> };

it('mcp.json starts a working server from the project folder', async () => {
  const config = JSON.parse(await readFile(join(PROJECT_ROOT, 'mcp.json'), 'utf8')) as McpJson;
  const server = config.mcpServers.peermem;
  expect(server).toBeDefined();
  const dataDir = await makeTempDir();
  const client = new Client({ name: 'mcp-json-test', version: '1.0.0' });
  try {
    await client.connect(
      new StdioClientTransport({
        command: server?.command ?? '',
        args: server?.args ?? [],
        cwd: PROJECT_ROOT,
        // Keep the user's real memory out of the test.
        env: { ...(process.env as Record<string, string>), PEERMEM_DATA_DIR: dataDir.path },
        stderr: 'pipe',
      }),
    );
    const { tools } = await client.listTools();
    // Every tool but those that need a paying wallet, which an embedded memory never has.
    expect(tools.map((tool) => tool.name)).toEqual(
      registry.filter((tool) => tool.needs !== 'payments').map((tool) => tool.name),
    );
    await callOk(client, 'add_messages', { session: 's', messages: [{ peer: 'me', content: 'hello' }] });
    expect(await callOk(client, 'list_sessions')).toMatchObject({ total: 1 });
  } finally {
    await client.close();
    await dataDir.remove();
  }
});
