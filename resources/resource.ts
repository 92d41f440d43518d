import type { ToolContext } from '../tools/tool.js';

/** A listed instance of a resource. */
type ResourceEntry = { uri: string; name: string };

/**
 * One MCP resource: a fixed `uri`, or a `template` whose variables name a session or a peer.
 * `read` returns the resource's text; the server wraps it for the wire.
 */
export type MemoryResource = {
  name: string;
  title: string;
  description: string;
  mimeType: string;
  /** `_meta` of the resource, in its listing and its contents (an MCP Apps view's `ui` settings). */
  meta?: Record<string, unknown>;
  read(variables: Record<string, string>, context: ToolContext): Promise<string>;
} & (
  | { uri: string }
  | {
      template: string;
      list(context: ToolContext): Promise<ResourceEntry[]>;
      /** Completion of each template variable from the text typed so far. */
      complete: Record<string, (prefix: string, context: ToolContext) => Promise<string[]>>;
    }
);

/** How many sessions or peers a listing or a completion looks through at most. */
const SCAN_LIMIT = 1000;

/** Session ids starting with `prefix`, newest first (a completion source). */
export async function sessionIdsStartingWith(prefix: string, { memory }: ToolContext): Promise<string[]> {
  const found: string[] = [];
  for (let page = 1; (page - 1) * 100 < SCAN_LIMIT && found.length < 100; page++) {
    const { items, total } = await memory.listSessions({ page, size: 100, reverse: true });
    found.push(...items.map((session) => session.id).filter((id) => id.startsWith(prefix)));
    if (page * 100 >= total) break;
  }
  return found.slice(0, 100);
}

/** Peer ids starting with `prefix`, oldest first (a completion source); as many peers read as sessions. */
export async function peerIdsStartingWith(prefix: string, { memory }: ToolContext): Promise<string[]> {
  const found: string[] = [];
  for (let page = 1; (page - 1) * 100 < SCAN_LIMIT && found.length < 100; page++) {
    const { items, total } = await memory.listPeers({ page, size: 100, reverse: false });
    found.push(...items.map((peer) => peer.id).filter((id) => id.startsWith(prefix)));
    if (page * 100 >= total) break;
  }
  return found.slice(0, 100);
}

/** One entry per session (the newest first), at `memory://sessions/{id}/<leaf>`. */
export async function listPerSession(
  context: ToolContext,
  leaf: string,
  label: string,
): Promise<ResourceEntry[]> {
  const ids = await sessionIdsStartingWith('', context);
  return ids.map((id) => ({
    uri: `memory://sessions/${encodeURIComponent(id)}/${leaf}`,
    name: `${label} ${id}`,
  }));
}

/** One entry per peer, at `memory://peers/{id}/<leaf>`. */
export async function listPerPeer(
  context: ToolContext,
  leaf: string,
  label: string,
): Promise<ResourceEntry[]> {
  const ids = await peerIdsStartingWith('', context);
  return ids.map((id) => ({
    uri: `memory://peers/${encodeURIComponent(id)}/${leaf}`,
    name: `${label} ${id}`,
  }));
}
