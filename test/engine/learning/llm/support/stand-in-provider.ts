import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the stand-in received it, body parsed as JSON. */
export type ReceivedRequest = {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
};

/** What the stand-in sends back: a JSON value or raw text, or nothing ever (`hang`). */
export type StandInReply = { status?: number; headers?: Record<string, string>; body: unknown } | 'hang';

/** Decides the reply to a request; `index` counts from 0 over the stand-in's whole life. */
export type StandInHandler = (request: ReceivedRequest, index: number) => StandInReply;

export type StandInProvider = {
  /** `http://127.0.0.1:<port>`, the root a client's baseUrl names. */
  url: string;
  /** Every request so far, in arrival order. */
  requests: ReceivedRequest[];
  /** Replaces the handler and forgets the requests received so far. */
  answerWith(handler: StandInHandler): void;
  close(): Promise<void>;
};

/**
 * A real HTTP server on loopback that plays a model provider. Paid APIs cannot run in tests, so
 * each test scripts the answers the provider would give, errors and slowness included.
 */
export async function startStandInProvider(): Promise<StandInProvider> {
  let handler: StandInHandler = () => ({ status: 500, body: { error: { message: 'no handler set' } } });
  let received = 0;
  const requests: ReceivedRequest[] = [];
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const request: ReceivedRequest = {
      path: incoming.url ?? '',
      headers: incoming.headers,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>,
    };
    requests.push(request);
    const reply = handler(request, received++);
    if (reply === 'hang') return;
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    outgoing.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    outgoing.end(text);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerWith(next) {
      handler = next;
      received = 0;
      requests.length = 0;
    },
    async close() {
      // Hanging requests would keep the server open forever.
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
