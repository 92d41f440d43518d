import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { connectOverStdio, type StdioServer } from '../stdio-server.js';

const require = createRequire(import.meta.url);

/** The official server's package and the script its `mcp-server-memory` command runs. */
export function officialServerEntry(): { version: string; script: string } {
  const manifestPath = require.resolve('@modelcontextprotocol/server-memory/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    version: string;
    bin: Record<string, string>;
  };
  const bin = manifest.bin['mcp-server-memory'];
  if (bin === undefined)
    throw new Error(`server-memory ${manifest.version} has no mcp-server-memory command`);
  return { version: manifest.version, script: join(dirname(manifestPath), bin) };
}

/**
 * Spawns the official MCP memory server (`@modelcontextprotocol/server-memory`, installed as a
 * development dependency) with node directly, as its `mcp-server-memory` command runs it, keeping
 * its knowledge graph in `memoryFile`, and connects the same MCP client as for peermem.
 */
export async function startOfficialServer(memoryFile: string): Promise<StdioServer> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [officialServerEntry().script],
    // Only the variables any stdio server gets, plus the one that says where the graph lives.
    env: { ...getDefaultEnvironment(), MEMORY_FILE_PATH: memoryFile },
    stderr: 'pipe',
  });
  const client = await connectOverStdio(transport, 'the official memory server');
  let closing: Promise<void> | undefined;
  return {
    client,
    pid: transport.pid,
    close() {
      closing ??= client.close();
      return closing;
    },
  };
}
