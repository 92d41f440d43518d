import { tools } from '../../tools/index.js';
import type { MemoryTool } from '../../tools/tool.js';
import { ConfigError } from '../config.js';

/** The everyday tools of an agent's memory: save, resume, recall, ask, and what is kept about a peer. */
const CORE_TOOLS: readonly string[] = [
  'add_messages',
  'get_context',
  'search',
  'chat',
  'get_peer_card',
  'set_peer_card',
  'list_sessions',
];

/** What the server can do where it runs, for the tools that need it (`MemoryTool.needs`). */
export type ToolSetting = { pays: boolean };

/**
 * The tools `peermem mcp --tools CHOICE` lists, in the registry's order: `core`, `all`, or tool
 * names separated by commas. A profile leaves out the tools that would do nothing here
 * (get_spending when no wallet pays); names given one by one are listed as given. An unknown
 * name is a `ConfigError` naming it and every valid name.
 */
export function chooseTools(choice: string, setting: ToolSetting): MemoryTool[] {
  const profile = choice.trim();
  if (profile === 'all' || profile === 'core') {
    return tools.filter(
      (tool) =>
        (profile === 'all' || CORE_TOOLS.includes(tool.name)) && (tool.needs !== 'payments' || setting.pays),
    );
  }
  const names = profile
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const valid = `core, all, or tool names separated by commas: ${tools.map((tool) => tool.name).join(', ')}`;
  if (names.length === 0) throw new ConfigError(`--tools (PEERMEM_TOOLS): names no tool; give ${valid}`);
  const unknown = names.find((name) => !tools.some((tool) => tool.name === name));
  if (unknown !== undefined)
    throw new ConfigError(`--tools (PEERMEM_TOOLS): no tool is named "${unknown}"; give ${valid}`);
  return tools.filter((tool) => names.includes(tool.name));
}
