import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import type { MemoryWatch } from './memory-watch.js';

type RequestId = string | number;

/**
 * The stdio transport as `serveStdio` sees it, except that the resources each
 * `subscriptions/listen` request names (protocol 2026-07-28) are watched until the stream is
 * cancelled or the connection ends. The SDK serves those streams before any server sees them,
 * and filters what it sends on them; the watch only has to know what to look at.
 */
export function watchListenStreams(inner: Transport, watch: MemoryWatch): Transport {
  const streams = new Map<RequestId, (() => void)[]>();
  const release = (id: RequestId) => {
    for (const releaseUri of streams.get(id) ?? []) releaseUri();
    streams.delete(id);
  };
  const outer: Transport = {
    start: () => inner.start(),
    send: (message, options) => inner.send(message, options),
    close: () => inner.close(),
    setProtocolVersion: (version) => inner.setProtocolVersion?.(version),
  };
  // A listen request is passed on once its resources are looked at, so its acknowledgement comes
  // after a state every later change is compared with; messages behind it wait, in order.
  let queue: Promise<void> | undefined;
  inner.onmessage = (message, extra) => {
    const ready = observe(message);
    if (!ready && !queue) {
      outer.onmessage?.(message, extra);
      return;
    }
    const next: Promise<void> = (queue ?? Promise.resolve())
      .then(() => ready)
      .then(() => outer.onmessage?.(message, extra))
      .catch((error: unknown) => outer.onerror?.(error instanceof Error ? error : new Error(String(error))))
      .finally(() => {
        if (queue === next) queue = undefined;
      });
    queue = next;
  };
  inner.onerror = (error) => outer.onerror?.(error);
  inner.onclose = () => {
    for (const id of [...streams.keys()]) release(id);
    outer.onclose?.();
  };

  /** Notes what a message starts or ends; for a listen request, when its resources are looked at. */
  function observe(message: JSONRPCMessage): Promise<void> | undefined {
    if (!('method' in message)) return undefined;
    if (message.method === 'subscriptions/listen' && 'id' in message) {
      const uris = (message.params as { notifications?: { resourceSubscriptions?: unknown } } | undefined)
        ?.notifications?.resourceSubscriptions;
      if (!Array.isArray(uris)) return undefined;
      release(message.id);
      streams.set(
        message.id,
        uris.filter((uri): uri is string => typeof uri === 'string').map((uri) => watch.watch(uri)),
      );
      return watch.settled();
    }
    if (message.method === 'notifications/cancelled') {
      const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
      if (typeof id === 'string' || typeof id === 'number') release(id);
    }
    return undefined;
  }
  return outer;
}
