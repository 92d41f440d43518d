import { createHash, timingSafeEqual } from 'node:crypto';
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  type McpHttpHandler,
  originValidationResponse,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import type { MemoryTool, ToolContext } from '../../tools/tool.js';
import { createMcpServer } from '../mcp/create-mcp-server.js';
import type { MemoryChange, MemoryWatch } from '../mcp/memory-watch.js';
import { LIMITS } from '../schemas/limits.js';
import { rpcBodyTooLarge, rpcError, rpcFailure } from './mcp-rpc-errors.js';
import { refuseLargeBody } from './refuse-large-body.js';

export type McpHttpOptions = {
  /** Required as `Authorization: Bearer <token>` when set. */
  token?: string | undefined;
  /**
   * On a loopback bind, requests must name a loopback Host and come from no page or a
   * loopback page: a web page on another site cannot reach the server by DNS rebinding.
   */
  loopback: boolean;
  /**
   * Sends the changes it sees on the clients' `subscriptions/listen` streams (protocol 2026-07-28):
   * list changes, and updates of the resources each stream names. Learning's log lines have no
   * stream to go on over HTTP: each request is its own server there.
   */
  watch?: MemoryWatch | undefined;
  /** The tools listed (`--tools`); every tool when not given. */
  tools?: readonly MemoryTool[] | undefined;
};

/** MCP over Streamable HTTP at `/mcp`. */
export function createMcpHttpApp(
  context: ToolContext,
  options: McpHttpOptions,
): { app: Hono; close(): Promise<void> } {
  const { watch } = options;
  const handler = createMcpHandler(
    () =>
      createMcpServer(
        { ...context, remoteClient: !options.loopback },
        watch ? { watch, delivery: 'request' } : undefined,
        options.tools,
      ),
    { maxRequestBodySize: LIMITS.requestBodyBytes },
  );
  const streams = watch ? listenStreams(watch, handler.notify) : undefined;
  const expected = options.token === undefined ? undefined : digest(options.token);
  const app = new Hono();
  app.onError(rpcFailure);
  // Ahead of the guards and the handler: a larger body is cut off as it arrives, never held.
  app.use(
    '/mcp',
    refuseLargeBody(rpcBodyTooLarge('Split it, for example into add_messages calls of fewer messages.')),
  );
  app.all('/mcp', async (c) => {
    const request = c.req.raw;
    if (options.loopback) {
      const rejected =
        hostHeaderValidationResponse(request, localhostAllowedHostnames()) ??
        originValidationResponse(request, localhostAllowedOrigins());
      if (rejected) return rejected;
    }
    if (expected && !bearerMatches(request.headers.get('authorization'), expected)) {
      return c.json(
        rpcError(
          ProtocolErrorCode.InvalidRequest,
          'Unauthorized: send the server token as Authorization: Bearer <PEERMEM_MCP_TOKEN>.',
        ),
        401,
        { 'WWW-Authenticate': 'Bearer realm="peermem"' },
      );
    }
    if (streams && request.headers.get('mcp-method') === 'subscriptions/listen')
      return streams.serve(request, handler.fetch);
    return handler.fetch(request);
  });
  return { app, close: () => handler.close() };
}

/**
 * The open `subscriptions/listen` streams: while one is open the watch is listened to, and the
 * resources each names are watched until it closes; the changes go out through the handler's
 * notifier, which sends each to the streams that asked for it.
 */
function listenStreams(watch: MemoryWatch, notify: McpHttpHandler['notify']) {
  let open = 0;
  let stopListening: (() => void) | undefined;
  const forward = (change: MemoryChange) => {
    if (change.kind === 'resource_updated') notify.resourceUpdated(change.uri);
    else if (change.kind === 'resources_list_changed') notify.resourcesChanged();
  };
  return {
    async serve(request: Request, fetch: (request: Request) => Promise<Response>): Promise<Response> {
      const uris = await namedResources(request.clone());
      open++;
      stopListening ??= watch.listen(forward);
      const releases = uris.map((uri) => watch.watch(uri));
      // Acknowledged only once the named resources are looked at: no change after the ack is missed.
      await watch.settled();
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        for (const releaseUri of releases) releaseUri();
        if (--open === 0) {
          stopListening?.();
          stopListening = undefined;
        }
      };
      try {
        return whenClosed(await fetch(request), release);
      } catch (error) {
        release();
        throw error;
      }
    },
  };
}

/** The resource URIs a `subscriptions/listen` request names; none when the body is not one (the SDK answers it). */
async function namedResources(request: Request): Promise<string[]> {
  try {
    const body = (await request.json()) as {
      params?: { notifications?: { resourceSubscriptions?: unknown } };
    };
    const uris = body.params?.notifications?.resourceSubscriptions;
    return Array.isArray(uris) ? uris.filter((uri): uri is string => typeof uri === 'string') : [];
  } catch {
    return [];
  }
}

/** The same response, calling `release` once its body has ended or the client has gone. */
function whenClosed(response: Response, release: () => void): Response {
  if (!response.body) {
    release();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    cancel(reason) {
      release();
      return reader.cancel(reason);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests in constant time, so the answer time says nothing about the token. */
function bearerMatches(header: string | null, expected: Buffer): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}
