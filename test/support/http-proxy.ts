import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the proxy took, and the status it answered. */
export type ProxiedRequest = { path: string; headers: Headers; body: string; status: number };

export type HttpProxyOptions = {
  /** An answer of the proxy's own instead of the target's (a 503, say); undefined passes it on. */
  answer?: (request: Omit<ProxiedRequest, 'status'>) => Response | undefined;
  /** Changes the target's answer on its way back (drops a header, replaces it with a 502). */
  change?: (request: Omit<ProxiedRequest, 'status'>, response: Response) => Response | Promise<Response>;
};

/**
 * An HTTP proxy on a loopback port in front of the server at `target()` (asked per request, so
 * the target may start after the proxy, bound to the proxy's URL), which can answer in its place
 * or change its answers, and records every request.
 */
export async function startHttpProxy(target: () => string, options: HttpProxyOptions = {}) {
  const seen: ProxiedRequest[] = [];
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const request = { path: incoming.url ?? '/', headers: requestHeaders(incoming.headers), body };
    let response = options.answer?.(request);
    if (response === undefined) {
      response = await fetch(new URL(request.path, target()), {
        method: incoming.method ?? 'GET',
        headers: request.headers,
        ...(chunks.length === 0 ? {} : { body }),
      });
      if (options.change) response = await options.change(request, response);
    }
    const text = await response.text();
    const headers = new Headers(response.headers);
    // The body is passed on decoded and whole.
    headers.delete('content-length');
    headers.delete('content-encoding');
    seen.push({ ...request, status: response.status });
    outgoing.writeHead(response.status, Object.fromEntries(headers));
    outgoing.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function requestHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || ['host', 'connection', 'content-length'].includes(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}
