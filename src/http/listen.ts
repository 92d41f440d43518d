import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export type Listening = { url: string; close(): Promise<void> };

/** Serves a web-standard fetch handler on `host:port` (port 0 picks a free one). */
export function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  host: string,
  port: number,
): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, hostname: host, port }, (info: AddressInfo) => {
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Streams left open by clients must not keep the process alive.
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
    server.once('error', reject);
  });
}
