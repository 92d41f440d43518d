import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback (on `port`, or any free one) in front of `target`, such as the test
 * Postgres server, which can be cut and restored, or hold its new connections until released
 * (a server that is slow to answer).
 */
export async function startProxy(target: { host: string; port: number }, port = 0) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let held: Socket[] | undefined;
  const connect = (client: Socket) => {
    const upstream = createConnection(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  };
  const listen = async () => {
    const next = createServer((client) => {
      if (held) held.push(client);
      else connect(client);
    });
    await new Promise<void>((resolve) => next.listen(port, '127.0.0.1', resolve));
    port = (next.address() as { port: number }).port;
    server = next;
  };
  await listen();
  return {
    port: () => port,
    /** Drops every connection and refuses new ones, as a stopped server does. */
    async cut() {
      const closing = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (closing) await new Promise((resolve) => closing.close(resolve));
    },
    restore: listen,
    /** Accepts new connections but passes nothing on until `release`. */
    hold() {
      held ??= [];
    },
    /** Connects the held connections, and every new one from now on. */
    release() {
      const waiting = held ?? [];
      held = undefined;
      for (const client of waiting) if (!client.destroyed) connect(client);
    },
  };
}
