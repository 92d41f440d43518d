import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../tools/index.js';
import { PROJECT_ROOT } from '../support/mcp-targets.js';
import { makeTempDir } from '../support/temp-dir.js';

/**
 * The most a `tools/list` answer may weigh, as JSON.stringify writes it: every client sends it to
 * its model at the start of each conversation (bytes / 4 is about its tokens). Measured when set:
 * all 36,731 bytes (30 tools), core 9,803 (7 tools), where all 31 tools were 62,909 before. A
 * tool or a description that makes the list grow past these is a cost every user pays: trim it,
 * or raise the ceiling knowingly.
 */
const CEILING_BYTES = { all: 38_500, core: 10_500 };

const REGISTRY_NAMES = tools.map((tool) => tool.name);

type Listed = { names: string[]; bytes: number; instructions: string };

/** `peermem mcp` (embedded, on a fresh data folder) as a real client lists it. */
async function listOf(args: readonly string[], env: Record<string, string> = {}): Promise<Listed> {
  const dataDir = await makeTempDir();
  const client = new Client({ name: 'tool-profiles-test', version: '1.0.0' });
  try {
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(PROJECT_ROOT, 'dist/src/main.js'), 'mcp', '--data-dir', dataDir.path, ...args],
        env: { ...(process.env as Record<string, string>), ...env },
        stderr: 'pipe',
      }),
    );
    const result = await client.listTools();
    return {
      names: result.tools.map((tool) => tool.name),
      bytes: JSON.stringify(result).length,
      instructions: client.getInstructions() ?? '',
    };
  } finally {
    await client.close();
    await dataDir.remove();
  }
}

/** Every tool of the registry the text names. */
const toolsNamedIn = (text: string) =>
  REGISTRY_NAMES.filter((name) => new RegExp(`\\b${name}\\b`).test(text));

describe('peermem mcp --tools', () => {
  let all: Listed;
  let core: Listed;
  beforeAll(async () => {
    // One after the other: each server opens its own database, and the machine may be busy.
    all = await listOf([]);
    core = await listOf(['--tools', 'core']);
  }, 240_000);

  it('lists every tool by default, but get_spending, which pays nothing without a wallet', () => {
    expect(all.names).toEqual(REGISTRY_NAMES.filter((name) => name !== 'get_spending'));
  });

  it('core lists the everyday tools, in the registry order', () => {
    expect(core.names).toEqual([
      'add_messages',
      'get_context',
      'chat',
      'search',
      'get_peer_card',
      'set_peer_card',
      'list_sessions',
    ]);
  });

  it('keeps each profile under its ceiling in bytes', () => {
    console.info(`tools/list: all ${all.bytes} bytes, core ${core.bytes} bytes`);
    expect(all.bytes).toBeLessThanOrEqual(CEILING_BYTES.all);
    expect(core.bytes).toBeLessThanOrEqual(CEILING_BYTES.core);
  });

  it('instructions name only tools that are listed, and the everyday ones', () => {
    for (const listed of [all, core]) {
      const named = toolsNamedIn(listed.instructions);
      expect(named.filter((name) => !listed.names.includes(name))).toEqual([]);
      expect(named).toEqual(expect.arrayContaining(['add_messages', 'get_context', 'search']));
    }
    expect(toolsNamedIn(core.instructions)).not.toContain('delete_session');
  });

  it('PEERMEM_TOOLS takes names separated by commas, listed in the registry order', async () => {
    const chosen = await listOf([], { PEERMEM_TOOLS: 'search, add_messages' });
    expect(chosen.names).toEqual(['add_messages', 'search']);
    expect(toolsNamedIn(chosen.instructions)).toEqual(['add_messages', 'search']);
  }, 120_000);

  it('refuses an unknown name in one line naming it and every valid name, before opening anything', () => {
    const run = spawnSync(
      process.execPath,
      [join(PROJECT_ROOT, 'dist/src/main.js'), 'mcp', '--tools', 'search,serch'],
      {
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    expect(run.status).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('--tools (PEERMEM_TOOLS): no tool is named "serch"');
    expect(lines[0]).toContain(`core, all, or tool names separated by commas: ${REGISTRY_NAMES.join(', ')}`);
  });
});
