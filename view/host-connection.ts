// The view's side of MCP Apps (SEP-1865): JSON-RPC 2.0 over postMessage with the host that framed
// it. Written here rather than taken from the SDK's App class, whose bundle (with the MCP client
// and zod it carries) weighs about 240 KB minified: the view needs four messages, not a client.
import type {
  McpUiHostContext,
  McpUiInitializeRequest,
  McpUiInitializeResult,
  McpUiToolInputNotification,
  McpUiToolResultNotification,
} from '@modelcontextprotocol/ext-apps';

/** The MCP Apps revision this view speaks. */
const PROTOCOL_VERSION = '2026-01-26';

type Pending = { resolve: (result: unknown) => void; reject: (error: Error) => void };

type Incoming = {
  jsonrpc?: unknown;
  id?: number | string;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { message?: string };
};

/** What the host tells the view, each as it arrives. */
export type HostEvents = {
  toolInput(params: McpUiToolInputNotification['params']): void;
  toolResult(params: McpUiToolResultNotification['params']): void;
  hostContext(context: McpUiHostContext): void;
};

/** A tool's answer as the host forwards it from the server. */
type ToolCallResult = {
  content?: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

export type HostConnection = {
  /** Calls a tool of the server that serves the view; rejects with the tool's own error text. */
  callTool(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
};

/**
 * Starts talking to the host: listens for its messages (only from the frame's parent), sends
 * `ui/initialize`, then `ui/notifications/initialized`, and from then on tells the host the
 * view's size whenever it changes.
 */
export async function connectToHost(events: HostEvents): Promise<HostConnection> {
  const host = window.parent;
  const pending = new Map<number | string, Pending>();
  let nextId = 1;
  const send = (message: object) => host.postMessage({ jsonrpc: '2.0', ...message }, '*');
  const request = (method: string, params: object): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      send({ id, method, params });
    });

  window.addEventListener('message', (event: MessageEvent<Incoming>) => {
    if (event.source !== host) return;
    const message = event.data;
    if (message?.jsonrpc !== '2.0') return;
    if (message.method === undefined) {
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiting || message.id === undefined) return;
      pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message ?? 'the host refused the request'));
      else waiting.resolve(message.result);
      return;
    }
    // Requests the host may send: a ping, and the teardown it announces before removing the frame.
    if (message.id !== undefined) {
      send({ id: message.id, result: {} });
      return;
    }
    if (message.method === 'ui/notifications/tool-input')
      events.toolInput(message.params as McpUiToolInputNotification['params']);
    else if (message.method === 'ui/notifications/tool-result')
      events.toolResult(message.params as McpUiToolResultNotification['params']);
    else if (message.method === 'ui/notifications/host-context-changed')
      events.hostContext(message.params as McpUiHostContext);
  });

  const initialize: McpUiInitializeRequest['params'] = {
    appInfo: { name: 'peermem-memory-view', version: '1.0.0' },
    appCapabilities: { availableDisplayModes: ['inline'] },
    protocolVersion: PROTOCOL_VERSION,
  };
  const initialized = (await request('ui/initialize', initialize)) as McpUiInitializeResult;
  events.hostContext(initialized.hostContext ?? {});
  send({ method: 'ui/notifications/initialized', params: {} });

  // The body's own height (its margin is 0), which shrinks too: a host sizing the frame to it
  // would otherwise only ever see it grow.
  let reported = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === reported) return;
    reported = height;
    send({ method: 'ui/notifications/size-changed', params: { height } });
  }).observe(document.body);

  return {
    async callTool(name, args) {
      const result = (await request('tools/call', { name, arguments: args })) as ToolCallResult;
      if (result.isError) throw new Error(textOf(result) || `${name} failed`);
      return result.structuredContent ?? {};
    },
  };
}

/** The text blocks of a tool result, joined: what a host without views shows too. */
export function textOf(result: { content?: { type: string; text?: string }[] }): string {
  return (result.content ?? [])
    .filter((block) => block.type === 'text')
    .map((block) => block.text ?? '')
    .join('\n');
}
