import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { checkSessionOrder, type SessionOrder, writerMessage } from './session-order.js';

type Listed = { id: string; content: string };

/** A way to write to and read one session: MCP over HTTP, or the gateway. */
export type WriteTarget = {
  /** Writes messages `first`..`first + count - 1` of `writer`; throws unless acknowledged. */
  write(writer: number, first: number, count: number): Promise<void>;
  /** One page of the session, oldest first unless `reverse`. */
  page(page: number, size: number, reverse: boolean): Promise<Listed[]>;
  close(): Promise<void>;
};

const SESSION = 'crowd';

export type ConcurrencyReport = SessionOrder & {
  writers: number;
  tries: number;
  errors: number;
  /** Messages acknowledged: with no loss and no duplicate, the session holds exactly these. */
  acknowledged: number;
  firstError: string | undefined;
  elapsedMs: number;
};

/**
 * `writers` writers at once, each writing `turns` calls of `perCall` messages one after another
 * to the same session; then the session is read back in pages of 100, of 7, and backwards in
 * pages of 33, and checked (see `checkSessionOrder`). A writer stops at its first error.
 */
export async function runConcurrentWriters(
  writeTo: (writer: number) => WriteTarget,
  writers: number,
  turns: number,
  perCall = 2,
): Promise<ConcurrencyReport> {
  const targets = Array.from({ length: writers }, (_, writer) => writeTo(writer));
  const acknowledged = Array<number>(writers).fill(0);
  let tries = 0;
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  try {
    await Promise.all(
      targets.map(async (target, writer) => {
        for (let turn = 0; turn < turns; turn++) {
          tries += 1;
          try {
            await target.write(writer, turn * perCall, perCall);
          } catch (error) {
            errors += 1;
            firstError ??= (error as Error).message;
            return;
          }
          acknowledged[writer] = (turn + 1) * perCall;
        }
      }),
    );
    const elapsedMs = performance.now() - started;
    const reader = targets[0] as WriteTarget;
    const readAll = async (size: number, reverse = false) => {
      const all: Listed[] = [];
      for (let page = 1; ; page++) {
        const items = await reader.page(page, size, reverse);
        all.push(...items);
        if (items.length < size) return reverse ? all.reverse() : all;
      }
    };
    const listed = await readAll(100);
    const others = [await readAll(7), await readAll(33, true)].map((items) => items.map((m) => m.id));
    return {
      ...checkSessionOrder(listed, acknowledged, others),
      writers,
      tries,
      errors,
      acknowledged: acknowledged.reduce((sum, count) => sum + count, 0),
      firstError,
      elapsedMs,
    };
  } finally {
    await Promise.all(targets.map((target) => target.close()));
  }
}

/** A real MCP client over Streamable HTTP per writer, to `url` (…/mcp). */
export async function mcpWriters(url: string, writers: number): Promise<(writer: number) => WriteTarget> {
  const clients = await Promise.all(
    Array.from({ length: writers }, async () => {
      const client = new Client({ name: 'peermem-concurrent-writers', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      return client;
    }),
  );
  const call = async (client: Client, name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    if (result.isError) throw new Error(`${name}: ${(result.content as { text?: string }[])[0]?.text}`);
    return result.structuredContent as Record<string, unknown>;
  };
  return (writer) => {
    const client = clients[writer] as Client;
    return {
      write: async (w, first, count) => {
        await call(client, 'add_messages', {
          session: SESSION,
          messages: Array.from({ length: count }, (_, i) => ({
            peer: `writer-${w}`,
            content: writerMessage(w, first + i),
          })),
        });
      },
      page: async (page, size, reverse) =>
        (await call(client, 'list_messages', { session: SESSION, page, size, reverse })).items as Listed[],
      close: () => client.close(),
    };
  };
}

/**
 * The gateway at `url`: each write a paid POST /api/memory/messages, reads a signed-in
 * /messages/list, all with `pay` (a wallet's fetch: one wallet, so one workspace and one session).
 */
export function gatewayWriters(url: string, pay: typeof fetch): (writer: number) => WriteTarget {
  const post = async (path: string, body: unknown) => {
    const response = await pay(`${url}/api/memory${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  return () => ({
    write: async (w, first, count) => {
      await post('/messages', {
        session: SESSION,
        messages: Array.from({ length: count }, (_, i) => ({
          peer: `writer-${w}`,
          content: writerMessage(w, first + i),
        })),
      });
    },
    page: async (page, size, reverse) =>
      (await post('/messages/list', { session: SESSION, page, size, reverse })).items as Listed[],
    close: async () => {},
  });
}
