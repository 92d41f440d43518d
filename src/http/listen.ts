import type { AddressInfo } from 'node:net';
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server';
import { UnavailableError } from '../service/errors.js';

export type Listening = { url: string; close(): Promise<void> };

/**
 * Serves a web-standard fetch handler on `host:port` (port 0 picks a free one). The handler is
 * also given Node's request, for what a `Request` does not carry: the client's address.
 */
export function listen(
  fetch: (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>,
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
    server.once('error', (error: NodeJS.ErrnoException) => reject(listenError(error, host, port)));
  });
}

/** Why a port could not be listened on, in words that say what to do. */
function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  const where = `port ${port} on ${host}`;
  const choose = 'choose another with --port (PEERMEM_PORT), or 0 for any free port';
  if (error.code === 'EADDRINUSE')
    return new UnavailableError(`${where} is already in use`, {
      hint: `Stop what uses it or ${choose}.`,
      cause: error,
    });
  if (error.code === 'EACCES')
    return new UnavailableError(`not allowed to listen on ${where}`, {
      hint: `Ports below 1024 need privileges: ${choose}.`,
      cause: error,
    });
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
    return new UnavailableError(`${host} is not an address of this machine`, {
      hint: 'Set --host (PEERMEM_HOST) to one of its addresses, such as 127.0.0.1.',
      cause: error,
    });
  return error;
}
